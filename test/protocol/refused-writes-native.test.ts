/** The refused-writes table (refused-writes.ts) through the provider protocol, on the native path. */
import { refusedWritesSuite } from "./refused-writes";
import { useProtocolStack } from "./stack";

refusedWritesSuite(useProtocolStack("native"));
