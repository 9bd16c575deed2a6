/** The drift matrix (test/support/drift-matrix.ts) on the native path: every kind's every field, one Pulumi YAML stack run by the plugin. */
import { driftSuite } from "../support/drift-matrix";
import { useNativeStack } from "../support/native-stack";

driftSuite(useNativeStack("native-drift"));
