/** The drift matrix (test/support/drift-matrix.ts): every kind's every field, in one stack. */
import { driftSuite } from "../support/drift-matrix";

driftSuite();
