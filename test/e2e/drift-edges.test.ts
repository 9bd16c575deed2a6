/** The drift matrix (test/support/drift-matrix.ts) for backends and edges with their modules. */
import { driftSuite } from "../support/drift-matrix";

driftSuite("edges");
