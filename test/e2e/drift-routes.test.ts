/** The drift matrix (test/support/drift-matrix.ts) for HTTPS edge routes: every field and module. */
import { driftSuite } from "../support/drift-matrix";

driftSuite("routes");
