/** The fault suite (faults.ts) through the provider protocol, on the dynamic path: a 10 % update of 200 resources under 20 % faults. */
import { updateSuite } from "./faults";

updateSuite("dynamic");
