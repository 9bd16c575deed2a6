/** The fault suite (faults.ts) through the provider protocol, on the native path: 200 resources created under 20 % faults. */
import { createSuite } from "./faults";

createSuite("native");
