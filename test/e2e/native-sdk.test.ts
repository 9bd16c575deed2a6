/**
 * The Go and Python SDKs from the package alone: the README's commands install the run's packed package
 * under a prefix in a fresh HOME (no clone), docs/native.md's "SDKs per language" commands get each SDK
 * from the installed plugin with the Pulumi CLI, and a program of each language, and the same rows in
 * Pulumi YAML, declares every kind with only its required inputs (test/support/required-rows.ts), so
 * every schema default reaches the provider: up, a preview with no change; destroy once (YAML's stack:
 * destroy runs no program, so it is the same in every language).
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { emulatorLog, registerSecret } from "../../harness/audit";
import { createStack, engineEnv, REPO_ROOT, runCommand, type TestStack } from "../../harness/engine";
import { toolsBin } from "../../harness/native";
import { start, type Started } from "../support/emulator";
import { expectSuccess } from "../support/engine-stack";
import { packedTarball, removeInstalls, tempDir } from "../support/package-install";
import { goProgram, pythonProgram, requiredRows, SCHEMA, yamlProgram } from "../support/required-rows";
import { SHARED_TOOLS } from "./native-language";

const PACKAGE = "@edge-ingress/pulumi";
const text = (file: string) => fs.readFileSync(path.join(REPO_ROOT, file), "utf8");
/** The commands of a markdown text's fenced sh blocks, comments and blank lines left out. */
const commands = (markdown: string) =>
  [...markdown.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((m) => m[1].split("\n").filter((l) => l.trim() && !l.trim().startsWith("#")));
/** docs/native.md's commands for one language: the sh blocks between its paragraph's start and the next's. */
function sdkCommands(from: string, to: string): string[] {
  const doc = text("docs/native.md");
  const section = doc.slice(doc.indexOf("## SDKs per language"), doc.indexOf("## Moving a stack"));
  return commands(section.slice(section.indexOf(`\n${from} (`), section.indexOf(`\n${to}`)));
}

const rows = requiredRows();
let home: string;
/** PATH as the README's commands leave it, with Pulumi's language hosts. */
let userPath: string;
/** What the commands run with besides PATH and HOME: the suite's npm and Go caches (a fresh HOME has none). */
let caches: Record<string, string>;

beforeAll(async () => {
  const tarball = await packedTarball();
  home = tempDir("ei-native-sdk-home-");
  const install = commands(
    [...text("README.md").matchAll(/```sh\n[\s\S]*?```/g)].find((m) => m[0].includes("npm install --global --prefix"))?.[0] ?? "",
  );
  if (!install.length) throw new Error("README.md has no sh block installing the plugin under a prefix");
  const base = engineEnv({ linkSelf: false });
  const go = (name: string) => execFileSync("go", ["env", name], { encoding: "utf8", env: { ...process.env, PATH: base.PATH } }).trim();
  caches = {
    npm_config_cache: execFileSync("npm", ["config", "get", "cache"], {
      encoding: "utf8",
      env: { ...process.env, PATH: base.PATH },
    }).trim(),
    npm_config_prefer_offline: "true",
    npm_config_audit: "false",
    npm_config_fund: "false",
    npm_config_update_notifier: "false",
    GOMODCACHE: go("GOMODCACHE"),
    GOCACHE: go("GOCACHE"),
  };
  const script = ["set -e", ...install.map((c) => c.replaceAll(` ${PACKAGE}`, ` ${JSON.stringify(tarball)}`)), 'printf "%s\\n" "$PATH"'];
  const result = await runCommand("bash", ["-c", script.join("\n")], { cwd: home, env: { ...base, HOME: home, ...caches } });
  expectSuccess(result);
  // Pulumi's Go and Python hosts first (they hold no plugin), the YAML host beside the CLI last.
  userPath = [SHARED_TOOLS, result.stdout.trim().split("\n").pop()!, toolsBin()].join(path.delimiter);
}, 600_000);

afterAll(() => removeInstalls());

interface Language {
  project: string;
  /** Writes the project as its user has it before the SDK commands. */
  write(dir: string): void;
  /** docs/native.md's commands for the language's SDK (none for YAML). */
  sdk: string[];
  env?: Record<string, string>;
  /** How long the SDK commands, up, preview and destroy may take (Go's first build compiles the Pulumi Go SDK and ours). */
  timeoutMs: number;
  /** The one language whose stack is destroyed; the others' go with their emulator (stack rm --force). */
  destroy?: true;
}

const LANGUAGES: Language[] = [
  {
    project: "required-go",
    write(dir) {
      fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: required-go\nruntime: go\n");
      fs.writeFileSync(path.join(dir, "main.go"), goProgram(rows, SCHEMA.language!.go!.importBasePath!));
      fs.writeFileSync(path.join(dir, "go.mod"), "module required-go\n\ngo 1.25.11\n\nrequire github.com/pulumi/pulumi/sdk/v3 v3.259.0\n");
    },
    sdk: sdkCommands("Go", "Python"),
    timeoutMs: 1_800_000,
  },
  {
    project: "required-python",
    write(dir) {
      fs.writeFileSync(
        path.join(dir, "Pulumi.yaml"),
        "name: required-python\nruntime:\n  name: python\n  options:\n    toolchain: pip\n    virtualenv: venv\n",
      );
      fs.writeFileSync(path.join(dir, "__main__.py"), pythonProgram(rows, SCHEMA.language!.python!.packageName!));
      // The virtualenv `pulumi new python` makes, with the Pulumi SDK of the shared tools, as no package index is reachable here.
      execFileSync("/usr/bin/python3", ["-m", "venv", "--system-site-packages", path.join(dir, "venv")]);
      const site = execFileSync(path.join(dir, "venv", "bin", "python"), ["-c", "import site; print(site.getsitepackages()[0])"], {
        encoding: "utf8",
      }).trim();
      fs.writeFileSync(path.join(site, "pulumi-tools.pth"), `${path.join(SHARED_TOOLS, "python")}\n`);
    },
    sdk: sdkCommands("Python", "C# and Java"),
    timeoutMs: 900_000,
    // No package index here: pip installs the SDK alone (its dependencies are the shared tools') and
    // builds it with Debian's setuptools (PIP_NO_BUILD_ISOLATION=0 is pip's spelling of --no-build-isolation).
    env: { PIP_NO_DEPS: "1", PIP_NO_INDEX: "1", PIP_NO_BUILD_ISOLATION: "0", PYTHONDONTWRITEBYTECODE: "1" },
  },
  {
    project: "required-yaml",
    write: (dir) => fs.writeFileSync(path.join(dir, "Pulumi.yaml"), yamlProgram("required-yaml", rows)),
    sdk: [],
    timeoutMs: 600_000,
    destroy: true,
  },
];

test("docs/native.md gives Go's and Python's SDK commands, each from the plugin on PATH", () => {
  expect(LANGUAGES[0].sdk).toEqual(['pulumi package add "$(command -v pulumi-resource-edgeingress)"']);
  expect(LANGUAGES[1].sdk).toEqual([
    'pulumi package gen-sdk "$(command -v pulumi-resource-edgeingress)" --language python --out sdks',
    "venv/bin/pip install ./sdks/python",
  ]);
});

describe.each(LANGUAGES)("$project: every kind with only its required inputs", (language) => {
  let emu: Started;
  let stack: TestStack;
  let dir: string;

  beforeAll(async () => {
    emu = await start({ log: emulatorLog(`${language.project} emulator`) });
    registerSecret("emulator root token (the provider's API key)", emu.rootToken);
    dir = tempDir(`ei-${language.project}-`);
    language.write(dir);
    stack = await createStack({
      programDir: dir,
      linkSelf: false,
      env: { PATH: userPath, HOME: home, ...caches, ...language.env },
      config: {
        "edgeingress:apiKey": { value: emu.rootToken, secret: true },
        "edgeingress:apiUrl": { value: emu.url },
      },
    });
  }, 300_000);

  afterAll(async () => {
    await stack?.remove();
    await emu?.close();
  });

  test(
    `the SDK from the docs' commands; up makes every kind, a preview then shows no change${language.destroy ? "; destroy removes them" : ""}`,
    async () => {
      if (language.sdk.length)
        expectSuccess(await runCommand("bash", ["-c", ["set -e", ...language.sdk].join("\n")], { cwd: dir, env: stack.env }));
      // `up` checks `preview --expect-no-changes` after itself.
      expectSuccess(await stack.up());
      const made = (await stack.exportState()).resources.filter((r) => r.type.startsWith("edgeingress:index:"));
      expect(made.map((r) => r.type).sort()).toEqual(Object.keys(SCHEMA.resources).sort());
      const domain = (await emu.client.reservedDomains.list().toArray())[0];
      expect(domain).toMatchObject({ domain: "required.example.com", region: "" });
      if (!language.destroy) return;
      expectSuccess(await stack.destroy());
      expect(await emu.client.ipPolicies.list().toArray()).toEqual([]);
      expect(await emu.client.reservedDomains.list().toArray()).toEqual([]);
    },
    language.timeoutMs,
  );
});
