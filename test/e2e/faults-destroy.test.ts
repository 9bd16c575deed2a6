/** The fault suite (faults.ts): 200 resources destroyed under 20 % faults. */
import { destroySuite } from "./faults";

destroySuite();
