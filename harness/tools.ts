/**
 * Where the engine tests' tools are and the environment they run with: the repository's root, the Pulumi
 * CLI and language host that scripts/pulumi-tools.sh builds (paths as scripts/env.sh defines them), and
 * the environment every CLI call starts from.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

/** The nearest directory above this file holding this package's package.json (the benchmark runs a compiled copy from .cache/). */
export const REPO_ROOT = findRepoRoot(__dirname);

function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const pkg = path.join(dir, "package.json");
    if (fs.existsSync(pkg) && JSON.parse(fs.readFileSync(pkg, "utf8")).name === "@edge-ingress/pulumi") return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json of @edge-ingress/pulumi above ${from}`);
  }
}

const TOOLS = ["pulumi", "pulumi-language-nodejs", "pulumi-resource-pulumi-nodejs"];

interface EnvShPaths {
  toolsCache: string;
  languageHost: string;
  selfNodePath: string;
  compileCache: string;
}
let fromEnvSh: EnvShPaths | undefined;

/** Paths that scripts/env.sh defines (asked once, so they are defined in one place), the language host's choice among them. */
function envShPaths(): EnvShPaths {
  if (fromEnvSh === undefined) {
    const envSh = path.join(REPO_ROOT, "scripts", "env.sh");
    const script = 'source "$1" && ei_engine_tools && ei_language_host && ei_self_node_path && ei_compile_cache';
    const out = execFileSync("bash", ["-c", script, "bash", envSh], {
      env: { ...process.env, PATH: withNodeFirst(process.env.PATH) },
      encoding: "utf8",
    });
    const [toolsCache, languageHost, selfNodePath, compileCache] = out.trim().split("\n");
    fromEnvSh = { toolsCache, languageHost, selfNodePath, compileCache };
  }
  return fromEnvSh;
}

/**
 * The language host engine commands run with: Pulumi's own from the shared tools directory when it is
 * there, else the project's (`ei_language_host` in scripts/env.sh chooses; docs/engine.md).
 */
export function languageHost(): string {
  return envShPaths().languageHost;
}

let toolsDir: string | undefined;

/** The directory holding the CLI, the chosen language host and the dynamic provider plugin. */
export function pulumiToolsDir(): string {
  if (toolsDir === undefined) {
    const cached = envShPaths().toolsCache;
    const candidates = [cached, ...(process.env.PATH ?? "").split(path.delimiter).filter(Boolean)];
    toolsDir = candidates.find((dir) => TOOLS.every((tool) => isExecutable(path.join(dir, tool))));
    if (toolsDir === undefined) {
      throw new Error(
        `The Pulumi tools (${TOOLS.join(", ")}) are neither in ${cached} nor together on PATH: ` +
          "run scripts/bootstrap.sh (or scripts/pulumi-tools.sh).",
      );
    }
  }
  return toolsDir;
}

/**
 * The environment every CLI call runs with, before a stack's own settings (backend, home, passphrase):
 * this process's, less inherited PULUMI_* settings, NODE_PATH and NODE_COMPILE_CACHE, with the tools and
 * Node.js first on PATH, (unless `linkSelf` is false) NODE_PATH linking this package by name and (unless
 * `compileCache` is false) the project's compiled-code cache.
 */
export function engineEnv({
  linkSelf = true,
  compileCache = true,
}: { linkSelf?: boolean; compileCache?: boolean } = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    // Inherited PULUMI_* settings (tokens, backends), module paths and caches must not leak into tests.
    if (!key.startsWith("PULUMI_") && key !== "NODE_PATH" && key !== "NODE_COMPILE_CACHE") {
      env[key] = value;
    }
  }
  // The provider process cannot self-reference this package (see docs/engine.md): link it by name.
  if (linkSelf) {
    env.NODE_PATH = envShPaths().selfNodePath;
  }
  if (compileCache) {
    env.NODE_COMPILE_CACHE = envShPaths().compileCache;
  }
  env.PATH = [pulumiToolsDir(), withNodeFirst(process.env.PATH)].join(path.delimiter);
  env.PULUMI_SKIP_UPDATE_CHECK = "true";
  env.PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION = "true";
  return env;
}

/** Puts the Node.js running the tests first on PATH: programs must run on it, not on an older system node. */
export function withNodeFirst(pathValue: string | undefined): string {
  return [path.dirname(process.execPath), pathValue].filter(Boolean).join(path.delimiter);
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
