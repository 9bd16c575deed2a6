/** The drift matrix (test/e2e/drift-matrix.ts) for reserved domains, certificates and SSH kinds. */
import { driftSuite } from "./drift-matrix";

driftSuite("certs-ssh");
