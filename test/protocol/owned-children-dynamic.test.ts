/** The owned-children table (test/support/owned-children.ts) through the provider protocol, on the dynamic path. */
import { ownedChildrenSuite, type Program } from "../support/owned-children";
import { useProtocolStack } from "./stack";

ownedChildrenSuite(useProtocolStack<Program>("dynamic"));
