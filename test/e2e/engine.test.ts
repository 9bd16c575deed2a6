/**
 * The real engine, our language host and the dynamic provider plugin, end to end, on the smallest
 * program that uses a dynamic provider (test/fixtures/engine-smoke). The provider appends each call it
 * gets to a log file, so the tests see which provider methods the engine ran.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { record } from "../../harness/audit";
import { createStack, REPO_ROOT, runCommand, type CliResult, type TestStack } from "../../harness/engine";

const FIXTURES = path.join(__dirname, "..", "fixtures");
const ECHO_TYPE = "pulumi-nodejs:dynamic/smoke:Echo";
const NOTE = "note-kept-secret";

/** Fails with the CLI's output, so a broken run explains itself. */
function expectSuccess(result: CliResult): void {
  if (result.code !== 0) {
    throw new Error(`pulumi exited with ${result.code}\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`);
  }
}

describe("a JavaScript program with a dynamic provider", () => {
  let stack: TestStack;
  let logDir: string;
  let echoUrn: string;
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
    });
    echoUrn = `urn:pulumi:${stack.name}::engine-smoke::${ECHO_TYPE}::echo`;
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

  test("a second preview shows no changes", async () => {
    const preview = await stack.preview({ expectNoChanges: true });
    expectSuccess(preview);
    expect(preview.noChanges).toBe(true);
    expect(preview.changeSummary).toEqual({ same: 2 });
  });

  test("state keeps the additional secret output and the secret config as ciphertext", async () => {
    const { outputs } = await stack.outputs();
    const state = await stack.exportState();
    const echo = state.resources.find((r) => r.type === ECHO_TYPE);
    expect(echo?.outputs?.token).toEqual({
      "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
      ciphertext: expect.stringMatching(/^v1:/),
    });
    expect(echo?.outputs?.greeting).toBe("hello");
    expect(echo?.inputs?.note).toEqual(expect.objectContaining({ ciphertext: expect.stringMatching(/^v1:/) }));
    expect(echo?.outputs?.note).toEqual(expect.objectContaining({ ciphertext: expect.stringMatching(/^v1:/) }));
    expect(state.raw).not.toContain(outputs.token as string);
    expect(state.raw).not.toContain(NOTE);
  });

  test("an input change previews as an update and up applies it in place", async () => {
    const before = (await stack.outputs()).outputs;
    await stack.setConfig("greeting", { value: "bonjour" });

    const preview = await stack.preview();
    expectSuccess(preview);
    expect(preview.ops[echoUrn]).toEqual(["update"]);
    expect(preview.noChanges).toBe(false);

    expectSuccess(await stack.up());
    const after = (await stack.outputs()).outputs;
    expect(after).toEqual({ ...before, greeting: "bonjour" });
    expect(calls()).toEqual(["create", `update ${String(before.echoId)}`]);
  });

  test("preview --refresh reads the resource through the provider", async () => {
    const { echoId } = (await stack.outputs()).outputs;
    const preview = await stack.preview({ refresh: true });
    expectSuccess(preview);
    expect(preview.ops[echoUrn]).toContain("refresh");
    expect(preview.noChanges).toBe(true);
    expect(calls()).toContain(`read ${String(echoId)}`);
  });

  test("destroy deletes the resource and leaves an empty state", async () => {
    const { echoId } = (await stack.outputs()).outputs;
    expectSuccess(await stack.destroy());
    expect(calls()).toContain(`delete ${String(echoId)}`);
    expect((await stack.exportState()).resources).toEqual([]);
  });
});

describe("a failing program", () => {
  const failingStack = (config: Record<string, string>) =>
    createStack({
      programDir: path.join(FIXTURES, "engine-smoke"),
      config: Object.fromEntries(Object.entries(config).map(([k, value]) => [k, { value }])),
    });

  test("a thrown error fails up with the program's message, reported once", async () => {
    const stack = await failingStack({ fail: "true" });
    try {
      const up = await stack.up();
      expect(up.code).not.toBe(0);
      const output = up.stdout + up.stderr;
      expect(output).toContain("engine-smoke: failing on purpose");
      // The run script already reported the error, so the host asks the engine to add nothing.
      expect(output).not.toContain("non-zero exit code");
      // The program stopped before declaring its resource.
      expect((await stack.exportState()).resources.map((r) => r.type)).toEqual(["pulumi:pulumi:Stack"]);
    } finally {
      await stack.remove();
    }
  });

  test("an exit code fails up and is named", async () => {
    const stack = await failingStack({ exitCode: "3" });
    try {
      const up = await stack.up();
      expect(up.code).not.toBe(0);
      expect(up.stdout + up.stderr).toContain("Program exited with non-zero exit code: 3");
    } finally {
      await stack.remove();
    }
  });
});

describe("a TypeScript program", () => {
  test("runs through ts-node and its provider serializes", async () => {
    const stack = await createStack({
      programDir: path.join(FIXTURES, "engine-smoke-ts"),
      config: { greeting: { value: "hallo" } },
    });
    try {
      expectSuccess(await stack.up());
      expect((await stack.outputs()).outputs).toEqual({ greeting: "hallo", length: 5 });
      expectSuccess(await stack.destroy());
    } finally {
      await stack.remove();
    }
  });
});

describe("a user project that installed the package from its npm tarball", () => {
  test("the provider process resolves the package from the project's node_modules, with no help", async () => {
    if (!fs.existsSync(path.join(REPO_ROOT, "dist", "runtime", "index.js"))) {
      throw new Error("dist/ is missing: run npm run build (or scripts/bootstrap.sh)");
    }
    const project = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "ei-user-project-")));
    try {
      const pack = await runCommand("npm", ["pack", "--silent", "--pack-destination", project], { cwd: REPO_ROOT });
      expectSuccess(pack);
      const tarball = path.join(project, pack.stdout.trim().split("\n").pop() ?? "");
      for (const file of ["Pulumi.yaml", "index.js"]) {
        fs.copyFileSync(path.join(FIXTURES, "engine-tarball", file), path.join(project, file));
      }
      const pulumiVersion = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")).devDependencies["@pulumi/pulumi"];
      const manifest = {
        name: "user-project",
        private: true,
        dependencies: { "@edge-ingress/pulumi": `file:${tarball}`, "@pulumi/pulumi": pulumiVersion },
      };
      fs.writeFileSync(path.join(project, "package.json"), JSON.stringify(manifest, null, 2));
      const install = ["install", "--no-audit", "--no-fund", "--prefer-offline", "--ignore-scripts", "--no-package-lock"];
      expectSuccess(await runCommand("npm", install, { cwd: project }));

      const stack = await createStack({ programDir: project, linkSelf: false });
      try {
        expectSuccess(await stack.up());
        const installed = path.join(project, "node_modules", "@edge-ingress", "pulumi");
        expect((await stack.outputs()).outputs).toEqual({
          runtime: path.join(installed, "dist", "runtime", "index.js"),
          packageJson: path.join(installed, "package.json"),
        });
      } finally {
        await stack.remove();
      }
    } finally {
      fs.rmSync(project, { recursive: true, force: true });
    }
  });
});
