/** The engine contract (test/support/contract.ts) on the dynamic path: harness/edges, a TypeScript program. */
import * as path from "node:path";
import { contractSuite } from "../support/contract";
import { useEngineStack } from "../support/engine-stack";
import type { Program } from "../support/lifecycle";

contractSuite(useEngineStack<Program>(path.join(__dirname, "..", "..", "harness", "edges"), "edges"));
