/** The lifecycle table (test/support/lifecycle.ts) on the native path: the same cases as a Pulumi YAML program run by the plugin. */
import { useNativeStack } from "../support/native-stack";
import { lifecycleSuite, type Program } from "../support/lifecycle";

lifecycleSuite(useNativeStack<Program>("native-lifecycle"));
