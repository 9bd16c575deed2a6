/** The drift matrix (test/e2e/drift-matrix.ts) for HTTPS edge routes: every field and module. */
import { driftSuite } from "./drift-matrix";

driftSuite("routes");
