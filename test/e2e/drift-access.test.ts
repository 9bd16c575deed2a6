/** The drift matrix (test/support/drift-matrix.ts) for API keys, IP policies and restrictions, and event resources. */
import { driftSuite } from "../support/drift-matrix";

driftSuite("access");
