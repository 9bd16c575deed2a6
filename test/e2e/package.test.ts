/**
 * The package as a TypeScript user gets it: packed, installed from the tarball into a project with the
 * stock template tsconfig (strict; no esModuleInterop, no skipLibCheck, so every declaration file the
 * program reaches is checked), type-checked, compiled and run with the real engine against the emulator.
 * The program (test/fixtures/package-consumer) reads module outputs with their declared types, and a
 * second file holds misuses that must not compile. Two more use the sdk, emulator and runtime subpaths, with
 * the same stock settings and with Node's own module resolution.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import type { RunningEmulator } from "../../emulator";
import { start, type Started } from "../support/emulator";
import { EdgeIngress } from "../../sdk";
import { emulatorLog, registerSecret } from "../../harness/audit";
import { createStack, REPO_ROOT, runCommand, type CliResult } from "../../harness/engine";
import { expectSuccess } from "../support/engine-stack";
import { installPackage, packedTarball, removeInstalls, tempDir } from "../support/package-install";
import { docTargets, missingTargets } from "../support/doc-links";

const FIXTURE = path.join(__dirname, "..", "fixtures", "package-consumer");

function expectCommand(result: CliResult, what: string): void {
  if (result.code !== 0) throw new Error(`${what} exited with ${result.code}\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`);
}

describe("the npm tarball in a TypeScript project with the stock tsconfig", () => {
  let project: string;
  let started: Started | undefined;
  let emulator: RunningEmulator;
  let client: EdgeIngress;

  beforeAll(async () => {
    project = tempDir("ei-package-consumer-");
    for (const file of ["Pulumi.yaml", "tsconfig.json", "tsconfig.sdk.json"])
      fs.copyFileSync(path.join(FIXTURE, file), path.join(project, file));
    // Stored as .ts.txt so the repository's own type-check (test/**/*.ts) does not take them for its sources.
    for (const file of ["index.ts", "misuse.ts", "sdk.ts", "subpaths.ts"])
      fs.copyFileSync(path.join(FIXTURE, `${file}.txt`), path.join(project, file));
    await installPackage(project, { name: "package-consumer" });
  }, 300_000);

  afterAll(async () => {
    await started?.close();
    removeInstalls();
  });

  const tsc = (args: string[], config = ".") =>
    runCommand(
      process.execPath,
      [path.join(project, "node_modules", "typescript", "bin", "tsc"), "-p", config, "--pretty", "false", ...args],
      { cwd: project },
    );

  test("the program and the subpaths' users type-check and compile with no error, and the package's declarations reach no zod type", async () => {
    // zod's declarations compile only with esModuleInterop or skipLibCheck, which the stock tsconfig has neither of.
    const result = await tsc(["--listFiles"]);
    expectCommand(result, "tsc");
    const files = result.stdout.trim().split("\n");
    // Under `"moduleResolution": "node"` the subpaths resolve through package.json `typesVersions`.
    for (const entry of ["index.d.ts", "sdk/index.d.ts", "emulator/index.d.ts", "runtime/index.d.ts"])
      expect(files).toContain(path.join(project, "node_modules", "@edge-ingress", "pulumi", "dist", entry));
    expect(files.filter((f) => f.includes(`${path.sep}node_modules${path.sep}zod${path.sep}`))).toEqual([]);
    expect(fs.existsSync(path.join(project, "bin", "index.js"))).toBe(true);
  });

  /**
   * tsc over the project with every `@ts-expect-error` of the misuse files turned into a plain comment, so
   * every marked line must fail on its own: one run (about 11 s of CPU) for misuse.ts and the subpaths'
   * files, each file's failing lines counted apart. The files are put back before it resolves.
   */
  let undirected: Promise<{ code: number; marked: Record<string, number>; failing: Record<string, number> }> | undefined;
  const withoutDirectives = () =>
    (undirected ??= (async () => {
      const files = ["misuse.ts", "sdk.ts", "subpaths.ts"];
      const sources = Object.fromEntries(files.map((f) => [f, fs.readFileSync(path.join(project, f), "utf8")]));
      const marked = Object.fromEntries(
        files.map((f) => [f, sources[f].split("\n").filter((line) => line.includes("@ts-expect-error")).length]),
      );
      for (const f of files) fs.writeFileSync(path.join(project, f), sources[f].replaceAll("// @ts-expect-error", "// expected:"));
      try {
        const result = await tsc(["--noEmit"]);
        const lines = new Set(result.stdout.split("\n").map((l) => l.slice(0, l.indexOf(","))));
        const failing = Object.fromEntries(files.map((f) => [f, [...lines].filter((l) => l.startsWith(`${f}(`)).length]));
        return { code: result.code, marked, failing };
      } finally {
        for (const f of files) fs.writeFileSync(path.join(project, f), sources[f]);
      }
    })());

  test("each misuse in misuse.ts is a type error: without the package's types, the directives go unused", async () => {
    // The same check without the expectations: every marked line must fail on its own.
    const { code, marked, failing } = await withoutDirectives();
    expect(code).not.toBe(0);
    expect(marked["misuse.ts"]).toBeGreaterThan(0);
    expect(failing["misuse.ts"]).toBe(marked["misuse.ts"]);
  });

  test("the subpaths type-check with Node's own module resolution too (package.json exports), with no zod type", async () => {
    const result = await tsc(["--listFiles"], "tsconfig.sdk.json");
    expectCommand(result, "tsc -p tsconfig.sdk.json");
    const files = result.stdout.trim().split("\n");
    expect(files).toContain(path.join(project, "node_modules", "@edge-ingress", "pulumi", "dist", "sdk", "index.d.ts"));
    expect(files.filter((f) => f.includes(`${path.sep}node_modules${path.sep}zod${path.sep}`))).toEqual([]);
  });

  test("each misuse of the subpaths is a type error on its own", async () => {
    // As for misuse.ts (the same tsc run): with the directives turned into comments, every marked line must fail.
    const { code, marked, failing } = await withoutDirectives();
    expect(code).not.toBe(0);
    expect(marked["sdk.ts"] + marked["subpaths.ts"]).toBeGreaterThan(0);
    expect({ sdk: failing["sdk.ts"], subpaths: failing["subpaths.ts"] }).toEqual({
      sdk: marked["sdk.ts"],
      subpaths: marked["subpaths.ts"],
    });
  });

  test("the program entry loads neither the client, nor the schemas, nor the HTTP library", () => {
    const loaded = execFileSync(
      process.execPath,
      ["-e", 'require("@edge-ingress/pulumi"); console.log(JSON.stringify(Object.keys(require.cache)))'],
      { cwd: project, encoding: "utf8" },
    );
    const files = JSON.parse(loaded) as string[];
    expect(files.some((f) => f.includes("@edge-ingress/pulumi/dist/provider/resources/"))).toBe(true);
    expect(files.filter((f) => /node_modules\/(zod|undici)\/|@edge-ingress\/pulumi\/dist\/sdk\//.test(f))).toEqual([]);
  });

  test("the runtime entry loads the declarations and schemas of the kinds it serves, no other", () => {
    const script = 'require("@edge-ingress/pulumi/runtime").provider("IpPolicy"); console.log(JSON.stringify(Object.keys(require.cache)))';
    const files = (JSON.parse(execFileSync(process.execPath, ["-e", script], { cwd: project, encoding: "utf8" })) as string[]).map((f) =>
      f.split(path.sep).join("/"),
    );
    // The files directly in dist/<sub>.
    const dist = (sub: string) =>
      files.filter((f) => new RegExp(`@edge-ingress/pulumi/dist/${sub}/[^/]+$`).test(f)).map((f) => path.posix.basename(f));
    // A policy's inline `rules` are checked with the rule schema: serving IpPolicy needs that one too.
    expect(dist("sdk/resources").sort()).toEqual(["ip-policy-rule.js", "ip-policy.js"]);
    expect(dist("provider/kinds")).toContain("ip-policy.js");
    expect(dist("provider/kinds")).not.toContain("tcp-edge.js");
    expect(dist("provider")).not.toContain("modules.js");
  });

  test("the tarball holds the built package, its typings, docs, examples, LICENSE, README and CHANGELOG, and no tests, fixtures, bench or sources", async () => {
    const packed = await runCommand("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: REPO_ROOT });
    expectCommand(packed, "npm pack --dry-run");
    const files = (JSON.parse(packed.stdout) as { files: { path: string }[] }[])[0].files.map((f) => f.path);
    for (const file of [
      "LICENSE",
      "README.md",
      "CHANGELOG.md",
      "CONTRIBUTING.md",
      "package.json",
      "dist/index.d.ts",
      "dist/sdk/index.d.ts",
      "dist/emulator/index.d.ts",
      "dist/runtime/index.d.ts",
      "docs/reference.md",
      "docs/provider.md",
      "examples/quickstart/index.ts",
      "examples/gitops/README.md",
      "examples/gitops/.github/workflows/edge-ingress.yml",
    ]) {
      expect(files).toContain(file);
    }
    // Every doc of the repository ships, so the README's links work in an installed copy too.
    for (const doc of fs.readdirSync(path.join(REPO_ROOT, "docs"))) expect(files).toContain(`docs/${doc}`);
    // Every example ships as it is in the repository (what trying one leaves there aside).
    const examples = execFileSync("git", ["ls-files", "examples"], { cwd: REPO_ROOT, encoding: "utf8" }).trim().split("\n");
    expect(examples.filter((f) => !f.endsWith("/.gitignore") && !files.includes(f))).toEqual([]);
    expect(
      files.filter(
        (f) =>
          /^(test|bench|scripts|tools|sdk|provider|runtime|emulator|cli)\//.test(f) ||
          /(^|\/)node_modules\/|(^|\/)Pulumi\.[^/]+\.yaml$/.test(f) ||
          f.endsWith(".tsbuildinfo"),
      ),
    ).toEqual([]);
  });

  test("every path a shipped document links to or names in backticks (docs/, examples/) is in the packed tarball", async () => {
    const tarball = await packedTarball();
    const files = execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" })
      .trim()
      .split("\n")
      .map((f) => f.replace(/^package\//, ""));
    const docs = files.filter((f) => f.endsWith(".md"));
    expect(docs).toEqual(
      expect.arrayContaining(["README.md", "CHANGELOG.md", "docs/audit.md", "docs/team-state.md", "examples/gitops/README.md"]),
    );
    const targets = docs.flatMap((doc) =>
      docTargets(doc, execFileSync("tar", ["-xzOf", tarball, `package/${doc}`], { encoding: "utf8" })).map((t) => ({ doc, t })),
    );
    // The README alone sends readers to every example and most docs.
    expect(targets.filter((x) => x.doc === "README.md").length).toBeGreaterThan(10);
    expect(targets.some((x) => x.t === "examples/gitops")).toBe(true);
    const missing = new Set(missingTargets([...new Set(targets.map((x) => x.t))], files));
    expect(targets.filter((x) => missing.has(x.t)).map((x) => `${x.doc} → ${x.t}`)).toEqual([]);
  });

  test("npm publish --dry-run accepts the package", async () => {
    const result = await runCommand("npm", ["publish", "--dry-run", "--ignore-scripts"], { cwd: REPO_ROOT });
    expectCommand(result, "npm publish --dry-run");
    expect(result.stderr + result.stdout).toMatch(/\+ @edge-ingress\/pulumi@\d+\.\d+\.\d+/);
  });

  test("pulumi up runs the compiled program: module outputs carry what the service reports", async () => {
    started = await start({ log: emulatorLog("package-consumer emulator") });
    emulator = started.emulator;
    registerSecret("emulator root token (the provider's API key)", emulator.rootToken);
    client = started.client;
    const stack = await createStack({
      programDir: project,
      linkSelf: false,
      config: {
        "edgeingress:apiKey": { value: emulator.rootToken, secret: true },
        "edgeingress:apiUrl": { value: emulator.url },
      },
      env: { EDGE_INGRESS_API_KEY: "", EDGE_INGRESS_API_URL: "" },
      // No preview after the up and no destroy: a dynamic stack's no-change preview and destroy are
      // e2e/contract.test.ts's (the installed package's no-change preview: e2e/quickstart.test.ts).
      checkNoChangesAfterUp: false,
    });
    try {
      expectSuccess(await stack.up());
      const { outputs } = await stack.outputs();
      const route = await client.httpsEdgeRoutes.get(String(outputs.edgeId), String(outputs.routeId));
      expect(route.backend?.backend.id).toBe(outputs.backendId);
      expect(outputs).toMatchObject({
        routeBackendId: outputs.backendId,
        routeBackendEnabled: true,
        routeMatchType: "prefix",
        numBuckets: 64,
        addedHeaders: { "X-Team": "platform" },
        samlServiceProvider: null,
        edgeMinVersion: "1.3",
      });
      // Each resource's source position is the line of the program that declared it, not a package file.
      const { resources } = await stack.exportState();
      const declared = resources.filter((r) => r.type.startsWith("pulumi-nodejs:dynamic/edgeingress:"));
      expect(declared.map((r) => String(r.sourcePosition))).toEqual(
        declared.map(() => expect.stringMatching(/^project:\/\/\/index\.ts#\d+,\d+$/)),
      );
      // The stored provider is one line calling the runtime entry.
      expect(declared.map((r) => r.outputs?.__provider)).toEqual(
        declared.map(
          (r) => `exports.handler = () => require("@edge-ingress/pulumi/runtime").provider(${JSON.stringify(r.type.split(":").pop())});\n`,
        ),
      );
    } finally {
      await stack.remove();
    }
  }, 300_000);
});
