/**
 * docs/emulator.md stays true: its flag table is the CLI's, and its jest example (Automation API against
 * an emulator) runs as written, on a copy of examples/quickstart (the package installed from its tarball)
 * in place of the reader's `infra/` directory.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as os from "node:os";
import * as path from "node:path";
import * as ts from "typescript";
import { REPO_ROOT, engineEnv } from "../../harness/engine";
import { copyExample, installShared, removeInstalls, TRANSPILE_ONLY } from "../support/package-install";

const GUIDE = fs.readFileSync(path.join(REPO_ROOT, "docs", "emulator.md"), "utf8");

/** The body of a section (from its `## ` heading to the next one). */
function section(heading: string): string {
  const start = GUIDE.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`docs/emulator.md has no section "${heading}"`);
  const end = GUIDE.indexOf("\n## ", start + 1);
  return GUIDE.slice(start, end < 0 ? undefined : end);
}

test("the flag table lists exactly the CLI's flags", () => {
  const help = execFileSync(process.execPath, [path.join(REPO_ROOT, "dist", "emulator", "cli.js"), "--help"], { encoding: "utf8" });
  const fromHelp = [...help.matchAll(/^ {2}(?:-\w, )?(--[a-z-]+)/gm)].map((m) => m[1]).filter((flag) => flag !== "--help");
  const fromTable = [...section("Starting it").matchAll(/^\| `(--[a-z-]+)/gm)].map((m) => m[1]);
  expect(fromTable.sort()).toEqual(fromHelp.sort());
});

describe("the jest example", () => {
  const saved = process.env;
  let home: string;
  beforeAll(() => {
    // The Automation API runs the `pulumi` on PATH with this process's environment.
    home = fs.mkdtempSync(path.join(os.tmpdir(), "ei-guide-home-"));
    // The program is type-checked in examples.test.ts; here its commands only transpile it.
    process.env = { ...engineEnv(), ...TRANSPILE_ONLY, PULUMI_HOME: home };
  });
  afterAll(() => {
    process.env = saved;
    fs.rmSync(home, { recursive: true, force: true });
    removeInstalls();
  });

  test("runs as written: up, the check through the sdk, a clean refreshed preview, destroy", async () => {
    const code = /```ts\n([\s\S]*?)```/.exec(section("Testing your own stack with it"))![1];
    const infra = 'path.join(__dirname, "..", "infra")';
    expect(code).toContain(infra);
    await installShared();
    const program = copyExample("quickstart");
    const js = ts.transpileModule(code.replace(infra, JSON.stringify(program)), {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
    }).outputText;

    const before: (() => Promise<void>)[] = [];
    const after: (() => Promise<void>)[] = [];
    const tests: (() => Promise<void>)[] = [];
    // Resolved from the repository root, as an installed copy would be: `@edge-ingress/pulumi/*` is the build.
    const requireHere = createRequire(path.join(REPO_ROOT, "package.json"));
    new Function("require", "exports", "__dirname", "beforeAll", "afterAll", "test", "expect", js)(
      requireHere,
      {},
      path.join(REPO_ROOT, "test"),
      (fn: () => Promise<void>) => before.push(fn),
      (fn: () => Promise<void>) => after.push(fn),
      (_name: string, fn: () => Promise<void>) => tests.push(fn),
      expect,
    );
    expect(tests).toHaveLength(1);
    try {
      for (const fn of before) await fn();
      for (const fn of tests) await fn();
    } finally {
      for (const fn of after) await fn();
    }
    // removeStack took the stack's config file away with it (other suites' stacks may have theirs there).
    expect(fs.existsSync(path.join(program, "Pulumi.test.yaml"))).toBe(false);
  }, 300_000);
});
