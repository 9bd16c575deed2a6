/**
 * The real engine, our language host and the dynamic provider plugin, end to end, on the smallest
 * program that uses a dynamic provider (test/fixtures/engine-smoke). The provider appends each call it
 * gets to a log file, so the tests see which provider methods the engine ran. A TypeScript program through
 * ts-node is the quickstart's (quickstart.test.ts); a project that installed the tarball, package.test.ts's.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { record } from "../../harness/audit";
import { createStack, type CliResult, type TestStack } from "../../harness/engine";

const FIXTURES = path.join(__dirname, "..", "fixtures");
const NOTE = "note-kept-secret";

/** Fails with the CLI's output, so a broken run explains itself. */
function expectSuccess(result: CliResult): void {
  if (result.code !== 0) {
    throw new Error(`pulumi exited with ${result.code}\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`);
  }
}

/**
 * The engine's calls on one stack: create, then read and update in one `up --refresh`, then delete; then
 * the same program failing, by a thrown error and by an exit code. What each call does with our provider
 * (secrets in state, a no-change preview, update, refresh, destroy) is the contract's
 * (test/support/contract.ts); this file proves which provider methods the engine calls, and when.
 */
describe("a JavaScript program with a dynamic provider", () => {
  let stack: TestStack;
  let logDir: string;
  const calls = (): string[] => {
    const file = path.join(logDir, "calls.log");
    return fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim().split("\n") : [];
  };

  beforeAll(async () => {
    logDir = fs.mkdtempSync(path.join(os.tmpdir(), "ei-engine-smoke-"));
    stack = await createStack({
      programDir: path.join(FIXTURES, "engine-smoke"),
      config: { greeting: { value: "hello" }, note: { value: NOTE, secret: true } },
      env: { ENGINE_SMOKE_LOG: path.join(logDir, "calls.log") },
      // A no-change preview after an up is the contract's; this stack's calls are the log's.
      checkNoChangesAfterUp: false,
    });
  });

  afterAll(async () => {
    await stack?.remove();
    record("engine-smoke provider call log", calls().join("\n"));
    fs.rmSync(logDir, { recursive: true, force: true });
  });

  test("up creates the resource through the provider, which resolves this package at call time", async () => {
    expectSuccess(await stack.up());
    const { outputs } = await stack.outputs();
    expect(outputs).toEqual({
      echoId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      greeting: "hello",
      token: expect.stringMatching(/^token-/),
      packageName: "@edge-ingress/pulumi",
      note: NOTE,
    });
    expect(calls()).toEqual(["create"]);
  });

  test("up --refresh after an input change reads the resource, then updates it in place", async () => {
    const before = (await stack.outputs()).outputs;
    await stack.setConfig("greeting", { value: "bonjour" });
    expectSuccess(await stack.up(["--refresh"]));
    expect((await stack.outputs()).outputs).toEqual({ ...before, greeting: "bonjour" });
    const id = String(before.echoId);
    expect(calls()).toEqual(["create", `read ${id}`, `update ${id}`]);
  });

  test("destroy deletes the resource", async () => {
    const { echoId } = (await stack.outputs()).outputs;
    expectSuccess(await stack.destroy());
    expect(calls().slice(3)).toEqual([`delete ${String(echoId)}`]);
  });

  // The program's own failures, on the same (now empty) stack.
  test("a thrown error fails up with the program's message, reported once, before any resource", async () => {
    await stack.setConfig("fail", { value: "true" });
    const up = await stack.up();
    expect(up.code).not.toBe(0);
    const output = up.stdout + up.stderr;
    expect(output).toContain("engine-smoke: failing on purpose");
    // The run script already reported the error, so the host asks the engine to add nothing.
    expect(output).not.toContain("non-zero exit code");
    // The program stopped before declaring its resource.
    expect((await stack.exportState()).resources.map((r) => r.type)).toEqual(["pulumi:pulumi:Stack"]);
    expect(calls()).toHaveLength(4);
  });

  test("an exit code fails up and is named", async () => {
    await stack.setConfig("fail", { value: "false" });
    await stack.setConfig("exitCode", { value: "3" });
    const up = await stack.up();
    expect(up.code).not.toBe(0);
    expect(up.stdout + up.stderr).toContain("Program exited with non-zero exit code: 3");
  });
});
