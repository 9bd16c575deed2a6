/** The lifecycle table (test/support/lifecycle.ts) on the dynamic path: harness/edges, a TypeScript program. */
import * as path from "node:path";
import { useEngineStack } from "../support/engine-stack";
import { lifecycleSuite, type Program } from "../support/lifecycle";

lifecycleSuite(useEngineStack<Program>(path.join(__dirname, "..", "..", "harness", "edges"), "edges"));
