/**
 * The native provider as a user without a Node.js project gets it: the README's commands install the
 * run's packed package into a fresh prefix (a new HOME), after which `pulumi-resource-edgeingress` is the
 * one on PATH; the Pulumi CLI's own checks pass on it (`pulumi package get-schema` prints
 * native/schema.json, `pulumi package gen-sdk` writes a Node.js SDK, and scripts/sdks.sh --check finds
 * the committed Go and Python SDKs what gen-sdk writes); and the README's Pulumi YAML quickstart, alone
 * in its directory, runs against the emulator with that plugin, the CLI warning that it is from PATH;
 * and with the plugin pinned in the project as docs/native.md says, runs with no such warning.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { parse } from "yaml";
import { emulatorLog, registerSecret } from "../../harness/audit";
import { createStack, engineEnv, REPO_ROOT, runCommand, type TestStack } from "../../harness/engine";
import { toolsBin } from "../../harness/native";
import { start, type Started } from "../support/emulator";
import { expectSuccess } from "../support/engine-stack";
import { packedTarball, removeInstalls, tempDir } from "../support/package-install";
import { SHARED_TOOLS } from "./native-language";

const PACKAGE = "@edge-ingress/pulumi";
const README = fs.readFileSync(path.join(REPO_ROOT, "README.md"), "utf8");
const NATIVE_DOC = fs.readFileSync(path.join(REPO_ROOT, "docs", "native.md"), "utf8");
/** The fenced blocks of one language in a Markdown text (the README's by default). */
const blocks = (language: string, text = README) =>
  [...text.matchAll(new RegExp("```" + language + "\\n([\\s\\S]*?)```", "g"))].map((m) => m[1]);
/** What the CLI says of a plugin it takes from PATH. */
const AMBIENT_WARNING = "pulumi-resource-edgeingress from $PATH";

let home: string;
/** PATH as the README's commands leave it. */
let installedPath: string;
let plugin: string;

/** What the install runs with beside the README's commands: npm's cache and settings as the suite's other installs use them. */
function npmEnv(): Record<string, string> {
  const cache = execFileSync("npm", ["config", "get", "cache"], {
    encoding: "utf8",
    env: { ...process.env, PATH: engineEnv().PATH },
  }).trim();
  return {
    npm_config_cache: cache,
    npm_config_prefer_offline: "true",
    npm_config_audit: "false",
    npm_config_fund: "false",
    npm_config_update_notifier: "false",
    npm_config_ignore_scripts: "true",
  };
}

beforeAll(async () => {
  const tarball = await packedTarball();
  home = tempDir("ei-native-home-");
  const install = blocks("sh").find((b) => b.includes("npm install --global --prefix"));
  if (!install) throw new Error("README.md has no sh block installing the plugin under a prefix");
  const commands = install.split("\n").filter((line) => line.trim() !== "" && !line.trim().startsWith("#"));
  expect(commands.length).toBeLessThanOrEqual(2);
  // The package from the registry is this run's packed package; the commands are run as written.
  const script = [
    "set -e",
    ...commands.map((c) => c.replaceAll(` ${PACKAGE}`, ` ${JSON.stringify(tarball)}`)),
    "command -v pulumi-resource-edgeingress",
    'printf "%s\\n" "$PATH"',
  ].join("\n");
  const result = await runCommand("bash", ["-c", script], { cwd: home, env: { ...engineEnv(), HOME: home, ...npmEnv() } });
  expectSuccess(result);
  [plugin, installedPath] = result.stdout.trim().split("\n").slice(-2);
}, 600_000);

afterAll(() => removeInstalls());

test("the README's commands put pulumi-resource-edgeingress on PATH, from a fresh prefix under HOME", () => {
  expect(plugin.startsWith(home + path.sep)).toBe(true);
  expect(fs.realpathSync(plugin)).toBe(
    path.join(path.dirname(path.dirname(plugin)), "lib", "node_modules", PACKAGE, "dist", "native", "main.js"),
  );
});

/** The CLI with the installed plugin on PATH and Pulumi's own language hosts (gen-sdk asks them) before the project's. */
const cliEnv = (pulumiHome: string) => ({
  ...engineEnv({ linkSelf: false }),
  PATH: [SHARED_TOOLS, installedPath].join(path.delimiter),
  EI_SHARED_TOOLS: SHARED_TOOLS,
  PULUMI_HOME: pulumiHome,
});

test("pulumi package get-schema of the plugin on PATH prints native/schema.json", async () => {
  const result = await runCommand("pulumi", ["package", "get-schema", plugin], { cwd: home, env: cliEnv(tempDir("ei-pulumi-home-")) });
  expectSuccess(result);
  expect(JSON.parse(result.stdout)).toEqual(JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "native", "schema.json"), "utf8")));
});

test("pulumi package gen-sdk of the plugin writes a Node.js SDK without error", async () => {
  const out = tempDir("ei-gen-sdk-");
  const result = await runCommand("pulumi", ["package", "gen-sdk", plugin, "--language", "nodejs", "--out", out], {
    cwd: home,
    env: cliEnv(tempDir("ei-pulumi-home-")),
  });
  expectSuccess(result);
  expect(result.stderr).not.toMatch(/error/i);
  expect(fs.existsSync(path.join(out, "nodejs", "ipPolicy.ts"))).toBe(true);
}, 300_000);

test("the committed Go and Python SDKs are what gen-sdk writes from the committed schema (scripts/sdks.sh --check)", async () => {
  const result = await runCommand("bash", [path.join(REPO_ROOT, "scripts", "sdks.sh"), "--check"], {
    cwd: REPO_ROOT,
    env: cliEnv(tempDir("ei-pulumi-home-")),
  });
  expectSuccess(result);
}, 300_000);

/** The README's Pulumi YAML quickstart. */
function quickstart(): string {
  const program = blocks("yaml").find((b) => /^runtime: yaml$/m.test(b));
  if (!program) throw new Error("README.md has no Pulumi YAML quickstart");
  return program;
}

/** A stack of the program in `programDir` against `emu`, with the README's PATH and Pulumi's YAML host. */
function yamlStack(programDir: string, emu: Started, options: { checkNoChangesAfterUp?: boolean } = {}): Promise<TestStack> {
  return createStack({
    ...options,
    programDir,
    linkSelf: false,
    // The YAML host is Pulumi's, beside its CLI where its release puts it; after the README's PATH, so
    // the plugin found on PATH is still the installed one.
    env: { PATH: [installedPath, toolsBin()].join(path.delimiter) },
    config: {
      "edgeingress:apiKey": { value: emu.rootToken, secret: true },
      "edgeingress:apiUrl": { value: emu.url },
    },
  });
}

/**
 * Up (with `upArgs`) makes what the quickstart declares, a second preview changes nothing (up checks
 * it, where the stack asks), destroy removes it; the outputs of up and destroy.
 */
async function upAndDestroy(stack: TestStack, emu: Started, upArgs: string[] = []): Promise<string[]> {
  const declared = parse(fs.readFileSync(path.join(stack.programDir, "Pulumi.yaml"), "utf8")) as { resources: Record<string, unknown> };
  const up = await stack.up(upArgs);
  expectSuccess(up);
  const state = await stack.exportState();
  const mine = state.resources.filter((r) => r.type.startsWith("edgeingress:index:"));
  expect(mine.map((r) => r.urn.split("::").pop()).sort()).toEqual(Object.keys(declared.resources).sort());
  const policy = mine.find((r) => r.type === "edgeingress:index:IpPolicy")!;
  const rules = (await emu.client.ipPolicyRules.list().toArray()).filter((r) => r.ipPolicy.id === policy.id);
  expect(rules.map((r) => [r.cidr, r.action])).toEqual([["203.0.113.0/24", "allow"]]);
  const token = (await stack.outputs()).outputs.deployToken as string;
  expect(token.length).toBeGreaterThan(10);
  expect(state.raw).not.toContain(token);
  const destroy = await stack.destroy();
  expectSuccess(destroy);
  expect(await emu.client.ipPolicies.list().toArray()).toEqual([]);
  return [up, destroy].map((r) => r.stdout + r.stderr);
}

describe("the README's Pulumi YAML quickstart, alone in its directory", () => {
  let emu: Started;
  let stack: TestStack;
  let programDir: string;

  beforeAll(async () => {
    emu = await start({ log: emulatorLog("native-install emulator") });
    registerSecret("emulator root token (the provider's API key)", emu.rootToken);
    programDir = tempDir("ei-yaml-quickstart-");
    fs.writeFileSync(path.join(programDir, "Pulumi.yaml"), quickstart());
    stack = await yamlStack(programDir, emu);
  });

  afterAll(async () => {
    await stack?.remove();
    await emu?.close();
  });

  test("up makes what it declares, a second preview changes nothing, destroy removes it; the CLI says the plugin is from PATH", async () => {
    expect(fs.readdirSync(programDir)).toEqual(["Pulumi.yaml"]);
    const outputs = await upAndDestroy(stack, emu);
    for (const output of outputs) expect(output).toContain(AMBIENT_WARNING);
  }, 600_000);
});

describe("the quickstart with the plugin pinned in the project (docs/native.md), another on PATH", () => {
  let emu: Started;
  let stack: TestStack;
  let programDir: string;
  /** Where the docs' install puts the plugin, and its package. */
  let pinnedBin: string;
  let pinnedPackage: string;

  beforeAll(async () => {
    const section = NATIVE_DOC.slice(NATIVE_DOC.indexOf("### Pinned in the project"), NATIVE_DOC.indexOf("### On PATH"));
    const [install] = blocks("sh", section);
    const [plugins] = blocks("yaml", section);
    if (!install || !plugins) throw new Error('docs/native.md has no "Pinned in the project" with an sh and a yaml block');
    // The docs pin a release; this run's packed package stands for it. Run as written, in the project.
    expect(install.trim()).toMatch(/^npm install --global --prefix \S+ @edge-ingress\/pulumi@\d+\.\d+\.\d+$/);
    programDir = tempDir("ei-yaml-pinned-");
    const command = install.trim().replace(/@edge-ingress\/pulumi@\S+$/, JSON.stringify(await packedTarball()));
    expectSuccess(await runCommand("bash", ["-c", command], { cwd: programDir, env: { ...engineEnv(), HOME: home, ...npmEnv() } }));
    fs.writeFileSync(path.join(programDir, "Pulumi.yaml"), `${quickstart()}\n${plugins}`);
    const prefix = /--prefix (\S+)/.exec(install)![1];
    pinnedBin = path.join(programDir, prefix, "bin");
    pinnedPackage = path.join(programDir, prefix, "lib", "node_modules", PACKAGE);
    emu = await start({ log: emulatorLog("native-install pinned emulator") });
    registerSecret("emulator root token (the provider's API key)", emu.rootToken);
    // The no-change preview after up is the ambient plugin's stack's (the same package, the same program).
    stack = await yamlStack(programDir, emu, { checkNoChangesAfterUp: false });
  }, 600_000);

  afterAll(async () => {
    await stack?.remove();
    await emu?.close();
  });

  test("the install puts the plugin where Pulumi.yaml points", () => {
    const { plugins } = parse(fs.readFileSync(path.join(programDir, "Pulumi.yaml"), "utf8")) as {
      plugins: { providers: Array<{ name: string; path: string }> };
    };
    expect(plugins.providers.map((p) => p.name)).toEqual(["edgeingress"]);
    expect(path.join(programDir, plugins.providers[0].path)).toBe(pinnedBin);
    expect(fs.realpathSync(path.join(pinnedBin, "pulumi-resource-edgeingress"))).toBe(
      path.join(pinnedPackage, "dist", "native", "main.js"),
    );
  });

  test("up and destroy run with the pinned plugin, not the one on PATH, and print no warning of it", async () => {
    // The pinned copy tells its version apart from the one on PATH (the same package).
    const manifest = path.join(pinnedPackage, "package.json");
    const pinnedVersion = `${(JSON.parse(fs.readFileSync(manifest, "utf8")) as { version: string }).version}-pinned`;
    fs.writeFileSync(manifest, fs.readFileSync(manifest, "utf8").replace(/"version": "[^"]+"/, `"version": "${pinnedVersion}"`));
    // The engine's log (-v=7; -v=9 prints the calls' secrets) has the version the plugin it started reports.
    const [up, destroy] = await upAndDestroy(stack, emu, ["-v=7", "--logtostderr"]);
    expect(up).toContain(`GetPluginInfo() success (#version=${pinnedVersion})`);
    for (const output of [up, destroy]) expect(output).not.toContain(AMBIENT_WARNING);
  }, 600_000);
});
