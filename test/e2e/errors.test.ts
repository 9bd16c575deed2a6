/**
 * Through the real engine, on the dynamic path: how the engine prints a provider's error
 * (test/support/engine-errors.ts); and the package ships nothing a stack frame could point into.
 */
import * as path from "node:path";
import { REPO_ROOT, runCommand } from "../../harness/engine";
import { engineErrorsSuite } from "../support/engine-errors";
import { expectSuccess, useEngineStack } from "../support/engine-stack";
import type { EdgesProgram } from "../support/native-stack";

engineErrorsSuite(useEngineStack<EdgesProgram>(path.join(__dirname, "..", "..", "harness", "edges"), "edges"));

test("the package ships no source maps (they would point at .ts files it does not ship)", async () => {
  const pack = await runCommand("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: REPO_ROOT });
  expectSuccess(pack);
  const files = (JSON.parse(pack.stdout)[0].files as Array<{ path: string }>).map((f) => f.path);
  expect(files).toContain("dist/runtime/index.js");
  expect(files.filter((f) => f.endsWith(".map"))).toEqual([]);
});
