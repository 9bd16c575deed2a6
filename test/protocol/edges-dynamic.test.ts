/** Backends, edges, routes and their modules (test/support/edges.ts) through the provider protocol, on the dynamic path. */
import { edgesSuite, type EdgesProgram } from "../support/edges";
import { useProtocolStack } from "./stack";

edgesSuite(useProtocolStack<EdgesProgram>("dynamic"));
