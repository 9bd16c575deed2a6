/** The fault suite (faults.ts): 200 resources created under 20 % faults. */
import { createSuite } from "./faults";

createSuite();
