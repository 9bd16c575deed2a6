/** The fault suite (faults.ts) through the provider protocol, on the native path: 200 resources destroyed under 20 % faults. */
import { destroySuite } from "./faults";

destroySuite("native");
