/** The drift matrix (test/e2e/drift-matrix.ts) for backends and edges with their modules. */
import { driftSuite } from "./drift-matrix";

driftSuite("edges");
