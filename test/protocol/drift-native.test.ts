/** The drift matrix (test/support/drift-matrix.ts) through the provider protocol, on the native path. */
import { driftSuite, type Res } from "../support/drift-matrix";
import { useProtocolStack } from "./stack";

driftSuite(useProtocolStack<{ resources: Res[] }>("native"));
