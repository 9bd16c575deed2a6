/** The drift matrix (test/support/drift-matrix.ts) for reserved domains, certificates and SSH kinds. */
import { driftSuite } from "../support/drift-matrix";

driftSuite("certs-ssh");
