/** Through the real engine, on the native path (Pulumi's YAML host): how the engine prints a provider's error (test/support/engine-errors.ts). */
import { engineErrorsSuite } from "../support/engine-errors";
import { useNativeStack } from "../support/native-stack";

engineErrorsSuite(useNativeStack("errors"));
