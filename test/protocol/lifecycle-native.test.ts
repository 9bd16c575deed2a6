/** The lifecycle table (test/support/lifecycle.ts) through the provider protocol, on the native path. */
import { lifecycleSuite, type Program } from "../support/lifecycle";
import { useProtocolStack } from "./stack";

lifecycleSuite(useProtocolStack<Program>("native"));
