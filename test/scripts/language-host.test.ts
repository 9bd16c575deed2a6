/**
 * scripts/env.sh's choice of the Node.js language host: Pulumi's own from the shared tools directory
 * when an executable is there, the project's own otherwise, and the directory engine commands put first
 * on PATH. Runs the shell functions against a temporary cache and shared directory holding stand-in
 * scripts (made here, never shipped), so the machine's real tools play no part.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { REPO_ROOT } from "../../harness/engine";

const ENV_SH = path.join(REPO_ROOT, "scripts", "env.sh");
const VERSION = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")).devDependencies["@pulumi/pulumi"];

let root: string;
let cache: string;
let shared: string;
let bin: string;

/** A shell script standing in for a tool: prints its role for `-version` and `version`. */
function standIn(file: string, says: string): void {
  fs.writeFileSync(file, `#!/bin/sh\n# A stand-in made by test/scripts/language-host.test.ts, not a real tool.\necho "${says}"\n`, {
    mode: 0o755,
  });
}

/** Runs `functions` (env.sh's) in bash with the temporary cache and shared directory; its stdout lines. */
function envSh(functions: string): string[] {
  const out = execFileSync("bash", ["-c", `source "$1" && ${functions}`, "bash", ENV_SH], {
    env: {
      ...process.env,
      PATH: [path.dirname(process.execPath), process.env.PATH].join(path.delimiter),
      EDGE_INGRESS_CACHE: cache,
      EI_SHARED_TOOLS: shared,
    },
    encoding: "utf8",
  });
  return out.trim().split("\n");
}

beforeEach(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "ei-stand-in-host-")));
  cache = path.join(root, "cache");
  shared = path.join(root, "shared", "tools");
  bin = path.join(cache, `pulumi-v${VERSION}`, "bin");
  fs.mkdirSync(bin, { recursive: true });
  fs.mkdirSync(shared, { recursive: true });
  standIn(path.join(bin, "pulumi"), "stand-in pulumi");
  standIn(path.join(bin, "pulumi-language-nodejs"), "stand-in for the project's host");
  standIn(path.join(bin, "pulumi-resource-pulumi-nodejs"), "stand-in dynamic provider plugin");
});

afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

test("without a host in the shared directory: the project's own, and the build directory unchanged", () => {
  const [host, tools, line] = envSh("ei_language_host && ei_engine_tools && ei_language_host_line");
  expect(host).toBe(path.join(bin, "pulumi-language-nodejs"));
  expect(tools).toBe(bin);
  // Ours is not run for it (it has no -version flag): its version is the pinned one it is built at.
  expect(line).toBe(
    `language host: pulumi-language-nodejs v${VERSION} at ${host} (the project's own, built from tools/pulumi/language-nodejs)`,
  );
  expect(fs.readdirSync(path.dirname(bin))).toEqual(["bin"]);
});

test("a file there that is not executable is passed over", () => {
  fs.writeFileSync(path.join(shared, "pulumi-language-nodejs"), "not a program\n", { mode: 0o644 });
  expect(envSh("ei_language_host")).toEqual([path.join(bin, "pulumi-language-nodejs")]);
});

test("an executable host there is preferred; engine commands get the CLI, that host and the plugin in one directory", () => {
  const sharedHost = path.join(shared, "pulumi-language-nodejs");
  standIn(sharedHost, "v0.0.0-stand-in-shared");
  const [host, tools, line] = envSh("ei_language_host && ei_engine_tools && ei_language_host_line");
  expect(host).toBe(sharedHost);
  expect(tools).not.toBe(bin);
  expect(line).toBe(
    `language host: pulumi-language-nodejs v0.0.0-stand-in-shared at ${sharedHost} (Pulumi's own, from the shared tools directory)`,
  );
  // The CLI itself, not a symbolic link: the engine looks for its host next to the CLI's resolved path.
  expect(fs.lstatSync(path.join(tools, "pulumi")).isSymbolicLink()).toBe(false);
  expect(fs.readFileSync(path.join(tools, "pulumi"), "utf8")).toBe(fs.readFileSync(path.join(bin, "pulumi"), "utf8"));
  expect(fs.realpathSync(path.join(tools, "pulumi-language-nodejs"))).toBe(sharedHost);
  expect(fs.realpathSync(path.join(tools, "pulumi-resource-pulumi-nodejs"))).toBe(path.join(bin, "pulumi-resource-pulumi-nodejs"));
  // ei_pulumi_env puts that directory first on PATH and names the host.
  const [pathValue, exported, found] = envSh(
    'ei_pulumi_env && echo "$PATH" && echo "$EI_LANGUAGE_HOST" && command -v pulumi-language-nodejs',
  );
  expect(pathValue.split(":")[0]).toBe(tools);
  expect(exported).toBe(sharedHost);
  expect(found).toBe(path.join(tools, "pulumi-language-nodejs"));
});

test("the directory follows a rebuilt CLI, and the host's removal falls back to the project's own", () => {
  standIn(path.join(shared, "pulumi-language-nodejs"), "v0.0.0-stand-in-shared");
  const [tools] = envSh("ei_engine_tools");
  expect(envSh("ei_engine_tools")).toEqual([tools]);
  // A rebuild renames a new binary into place (scripts/pulumi-tools.sh), newer than the one linked.
  const rebuilt = path.join(bin, ".pulumi.tmp");
  standIn(rebuilt, "stand-in pulumi, rebuilt");
  fs.utimesSync(rebuilt, new Date(), new Date(Date.now() + 5000));
  fs.renameSync(rebuilt, path.join(bin, "pulumi"));
  expect(envSh("ei_engine_tools")).toEqual([tools]);
  expect(fs.readFileSync(path.join(tools, "pulumi"), "utf8")).toContain("rebuilt");
  fs.rmSync(path.join(shared, "pulumi-language-nodejs"));
  expect(envSh("ei_language_host && ei_engine_tools")).toEqual([path.join(bin, "pulumi-language-nodejs"), bin]);
});
