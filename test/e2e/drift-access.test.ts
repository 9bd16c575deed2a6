/** The drift matrix (test/e2e/drift-matrix.ts) for API keys, IP policies and restrictions, and event resources. */
import { driftSuite } from "./drift-matrix";

driftSuite("access");
