/** The engine contract (test/support/contract.ts) on the native path: a Pulumi YAML program run by Pulumi's YAML host with the plugin. */
import { contractSuite } from "../support/contract";
import type { Program } from "../support/lifecycle";
import { useNativeStack } from "../support/native-stack";

contractSuite(useNativeStack<Program>("contract-native"));
