/** The refused-writes table (refused-writes.ts) through the provider protocol, on the dynamic path. */
import { refusedWritesSuite } from "./refused-writes";
import { useProtocolStack } from "./stack";

refusedWritesSuite(useProtocolStack("dynamic"));
