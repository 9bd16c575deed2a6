/** The native provider's engine environment, shared with the benchmark: harness/native.ts. */
export { nativeEnv } from "../../harness/native";
