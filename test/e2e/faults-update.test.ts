/** The fault suite (faults.ts): a 10 % update of 200 resources under 20 % faults. */
import { updateSuite } from "./faults";

updateSuite();
