/**
 * Drives the real Pulumi CLI (built by scripts/pulumi-tools.sh) against a throw-away file backend.
 *
 * Each stack gets its own temporary directory holding the state backend, PULUMI_HOME and the stack's
 * config file; NODE_PATH makes `@edge-ingress/pulumi` resolvable in the dynamic provider process (see
 * docs/engine.md). Nothing is written into the program directory, so several suites may run the same
 * program at once.
 *
 * up/preview/refresh/destroy return the CLI's result whatever its exit code (a failure may be what a
 * test wants to see); the helpers whose only job is to read or prepare state throw when the CLI fails.
 * Where the tools are and the environment they run with: ./tools.ts; running one command: ./command.ts.
 */
import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { isMap, parse, parseDocument } from "yaml";
import { auditing, recordTree, registerSecret, registerSecretConfig, registerStateSecrets } from "./audit";
import { exportFromCheckpoint, PassphraseCrypter } from "./passphrase";
import { previewResult, stackOutputs, type PreviewResult, type StateExport } from "./results";
import { runCommand, type CliResult } from "./command";
import { engineEnv, pulumiToolsDir } from "./tools";

export { runCommand, type CliResult } from "./command";
export {
  plaintextOf,
  stackOutputs,
  upSteps,
  type PreviewResult,
  type PreviewStep,
  type StateExport,
  type StateResource,
  type StepOp,
} from "./results";
export { REPO_ROOT, engineEnv, languageHost, pulumiToolsDir } from "./tools";

export interface ConfigValue {
  value: string;
  secret?: boolean;
}

export interface StackOptions {
  /**
   * Directory holding Pulumi.yaml: anywhere in this repository, or a project with its own node_modules
   * (relative paths are from the cwd).
   */
  programDir: string;
  /** Defaults to a unique `e2e-<random>`. */
  stackName?: string;
  /**
   * The state backend (PULUMI_BACKEND_URL), e.g. a `postgres://` URL several stacks share. Default: a
   * file backend in the stack's own temporary directory. The caller audits a shared backend's contents.
   */
  backendUrl?: string;
  /** Keys without a namespace belong to the project, as with `pulumi config set`. */
  config?: Record<string, ConfigValue>;
  /** Added to the CLI's environment (and so the program's and the providers'), e.g. EDGE_INGRESS_*. */
  env?: Record<string, string>;
  /**
   * Make `@edge-ingress/pulumi` resolvable by name in the dynamic provider process (default true).
   * Only a program with its own installed copy of the package (node_modules) can do without.
   */
  linkSelf?: boolean;
  /**
   * After every successful up, require `preview --expect-no-changes` to pass (default true). Off only where
   * the no-op preview is proven elsewhere: the benchmark times the up alone and checks it as its own phase;
   * the stacks of test/e2e/engine.test.ts and native-yaml's audited dynamic stack leave it to the contract.
   * "refreshed": `preview --refresh --expect-no-changes` instead, one command standing for both checks
   * where the protocol tier proves the unrefreshed one for the stack's kinds (test/e2e/examples*.test.ts).
   */
  checkNoChangesAfterUp?: boolean | "refreshed";
  /**
   * Let every Node.js process of a command reuse compiled code through NODE_COMPILE_CACHE (default
   * true): each command starts two Node.js processes that load @pulumi/pulumi, most of a command's CPU.
   * Only the benchmark turns it off: it measures what a user gets without the setting.
   */
  compileCache?: boolean;
}

export interface OutputsResult extends CliResult {
  /** Stack outputs with secrets shown in plain text. */
  outputs: Record<string, unknown>;
}

export interface TestStack {
  readonly name: string;
  readonly programDir: string;
  /** The stack's config file, for `--config-file` in commands passed to run(). */
  readonly configFile: string;
  /** The environment every CLI call runs with. */
  readonly env: NodeJS.ProcessEnv;
  /** Arguments appended to every CLI command while they are here (the benchmark's `--profiling`). */
  readonly extraArgs: string[];
  /**
   * `pulumi up --skip-preview`; extra arguments are appended (`--json`: read the result with upSteps). After
   * a successful up, a `preview --expect-no-changes` must pass too (no perpetual diffs), else the result
   * fails with its output; `diffRemains` (the reason) skips that for an up that intends a diff to remain,
   * `noChangesCheckedBy` (where it is checked instead) for an up whose no-change preview another makes.
   */
  up(args?: string[], options?: { diffRemains?: string; noChangesCheckedBy?: string }): Promise<CliResult>;
  preview(options?: { refresh?: boolean; expectNoChanges?: boolean }): Promise<PreviewResult>;
  refresh(): Promise<CliResult>;
  destroy(): Promise<CliResult>;
  /**
   * `pulumi stack export`; with `showSecrets`, `--show-secrets` (secrets as the engine marks them, with
   * their plaintext), reusing the secret audit's export after the last up or refresh when no command that
   * may write state ran since. A stack's own file backend is read from its checkpoint file, the same bytes
   * (./passphrase.ts). Read the stack's outputs from it with stackOutputs.
   */
  exportState(options?: { showSecrets?: boolean }): Promise<StateExport>;
  /** The checkpoint file as the file backend stores it (compact JSON, rewritten after every step); file backend only. */
  storedState(): string;
  outputs(): Promise<OutputsResult>;
  /**
   * Sets one config value in the stack's config file as `pulumi config set` writes it: a secret encrypted
   * with the stack's passphrase (./passphrase.ts), never on a command line.
   */
  setConfig(key: string, value: ConfigValue): Promise<void>;
  /**
   * Any other CLI command, with this stack's environment, in the program directory. Arguments go as
   * given: add `--stack`, `--config-file` and `--non-interactive` as the command needs.
   */
  run(args: string[], input?: string): Promise<CliResult>;
  /** Removes the stack (resources or not) and its temporary directory. */
  remove(): Promise<void>;
}

/** A stack's directories and names, and the CLI calls its commands make. */
interface StackContext {
  readonly options: StackOptions;
  readonly name: string;
  readonly programDir: string;
  readonly configFile: string;
  readonly env: NodeJS.ProcessEnv;
  readonly extraArgs: string[];
  /** The temporary directory, holding the state backend, PULUMI_HOME and the stack's project copy. */
  readonly tmp: string;
  readonly dirs: { backend: string; home: string; project: string };
  /** `--stack <name>` and the flags every command takes; `withConfig` adds `--config-file`. */
  readonly stackArgs: string[];
  readonly withConfig: string[];
  /** A CLI command's result; after an up or refresh, the state's secrets join the secret audit. */
  run(args: string[], input?: string, cwd?: string): Promise<CliResult>;
  /** As run, but a failure throws with the command's output. */
  check(args: string[], input?: string, cwd?: string): Promise<CliResult>;
  /** The audit's `stack export --show-secrets` after the last up or refresh, while no command since may have written state. */
  lastShown(): string | undefined;
  /** The checkpoint file's text (file backend only). */
  checkpointText(): string;
  /**
   * `pulumi stack export` (`--show-secrets` with showSecrets): for a stack's own file backend read from its
   * checkpoint file, the same bytes without a CLI call (./passphrase.ts); else the CLI's.
   */
  exportStack(showSecrets: boolean): Promise<CliResult>;
}

/** Commands that never write the stack's state: the audit's export after an up stays current through them. */
const readsOnly = ([verb, sub]: string[]): boolean =>
  verb === "preview" || verb === "config" || (verb === "stack" && (sub === "export" || sub === "output"));

/** A stack's checkpoint file in its own file backend (none in another backend, nor before the stack has one). */
function checkpointOf(options: StackOptions, backendDir: string, name: string) {
  const stacksDir = path.join(backendDir, ".pulumi", "stacks");
  const checkpointFile = (): string | undefined => {
    if (options.backendUrl !== undefined || !fs.existsSync(stacksDir)) return undefined;
    const file = fs.readdirSync(stacksDir, { recursive: true, encoding: "utf8" }).find((f) => path.basename(f) === `${name}.json`);
    return file === undefined ? undefined : path.join(stacksDir, file);
  };
  const checkpointText = (): string => {
    if (options.backendUrl !== undefined)
      throw new Error(`the checkpoint file is a file backend's; stack ${name} is in ${options.backendUrl.split(":")[0]}:`);
    const file = checkpointFile();
    if (file === undefined) throw new Error(`no checkpoint file ${name}.json under ${stacksDir}`);
    return fs.readFileSync(file, "utf8");
  };
  return { checkpointFile, checkpointText };
}

function stackContext(options: StackOptions, programDir: string): StackContext {
  const tools = pulumiToolsDir();
  const name = options.stackName ?? `e2e-${randomBytes(4).toString("hex")}`;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "ei-pulumi-"));
  const dirs = { backend: path.join(tmp, "backend"), home: path.join(tmp, "home"), project: path.join(tmp, "project") };
  for (const dir of Object.values(dirs)) {
    fs.mkdirSync(dir, { recursive: true });
  }
  const env = engineEnv({ linkSelf: options.linkSelf, compileCache: options.compileCache });
  Object.assign(env, {
    PULUMI_BACKEND_URL: options.backendUrl ?? `file://${dirs.backend}`,
    PULUMI_HOME: dirs.home,
    PULUMI_CONFIG_PASSPHRASE: randomBytes(16).toString("hex"),
    ...options.env,
  });
  registerSecret("stack passphrase", env.PULUMI_CONFIG_PASSPHRASE!);

  // The stack's config file lives in the temporary directory: `stack init` runs next to a copy of
  // Pulumi.yaml, and every later command names the file with --config-file.
  const configFile = path.join(dirs.project, `Pulumi.${name}.yaml`);
  const stackArgs = ["--stack", name, "--non-interactive", "--color=never"];
  const extraArgs: string[] = [];
  const pulumi = (args: string[], input?: string, cwd = programDir) =>
    runCommand(path.join(tools, "pulumi"), [...args, ...extraArgs], { cwd, env, input });
  const { checkpointFile, checkpointText } = checkpointOf(options, dirs.backend, name);
  const exportStack = async (showSecrets: boolean): Promise<CliResult> => {
    const file = checkpointFile();
    if (file !== undefined) {
      const text = exportFromCheckpoint(fs.readFileSync(file, "utf8"), showSecrets ? env.PULUMI_CONFIG_PASSPHRASE : undefined);
      if (text !== undefined) return { code: 0, stdout: text, stderr: "" };
    }
    return pulumi(["stack", "export", ...stackArgs, ...(showSecrets ? ["--show-secrets"] : [])]);
  };
  let shown: string | undefined;
  const run = async (args: string[], input?: string, cwd?: string): Promise<CliResult> => {
    if (!readsOnly(args)) shown = undefined;
    const result = await pulumi(args, input, cwd);
    // The secrets the state holds after a deployment (tokens, keys, secret inputs) join the secret audit.
    if (auditing() && (args[0] === "up" || args[0] === "refresh")) {
      const exported = await exportStack(true);
      if (exported.code === 0) {
        registerStateSecrets(exported.stdout);
        shown = exported.stdout;
      }
    }
    return result;
  };
  const check = async (args: string[], input?: string, cwd?: string): Promise<CliResult> => {
    const result = await run(args, input, cwd);
    if (result.code !== 0) {
      throw new Error(`pulumi ${args[0]} ${args[1] ?? ""} failed (exit ${result.code}):\n${result.stderr}\n${result.stdout}`);
    }
    return result;
  };
  const withConfig = [...stackArgs, "--config-file", configFile];
  const lastShown = () => shown;
  return {
    options,
    name,
    programDir,
    configFile,
    env,
    extraArgs,
    tmp,
    dirs,
    stackArgs,
    withConfig,
    run,
    check,
    lastShown,
    checkpointText,
    exportStack,
  };
}

/** `pulumi stack init` next to a copy of Pulumi.yaml; the temporary directory goes if it fails. */
async function initStack({ programDir, dirs, configFile, stackArgs, tmp, check }: StackContext): Promise<void> {
  try {
    fs.copyFileSync(path.join(programDir, "Pulumi.yaml"), path.join(dirs.project, "Pulumi.yaml"));
    await check(["stack", "init", ...stackArgs, "--secrets-provider=passphrase"], undefined, dirs.project);
    if (!fs.existsSync(configFile)) {
      throw new Error(`pulumi stack init did not write ${configFile} (is stackConfigDir set in Pulumi.yaml?)`);
    }
  } catch (error) {
    fs.rmSync(tmp, { recursive: true, force: true });
    throw error;
  }
}

/** A stack's exportState (TestStack's). */
function exportStateOf({ lastShown, exportStack }: StackContext): TestStack["exportState"] {
  return async ({ showSecrets = false } = {}): Promise<StateExport> => {
    const reused = showSecrets ? lastShown() : undefined;
    const result = reused !== undefined ? { code: 0, stdout: reused, stderr: "" } : await exportStack(showSecrets);
    if (result.code !== 0) throw new Error(`pulumi stack export failed (exit ${result.code}):\n${result.stderr}\n${result.stdout}`);
    // What an export shows joins the secret audit, as the audit's own export after an up does.
    if (showSecrets && reused === undefined) registerStateSecrets(result.stdout);
    const deployment = JSON.parse(result.stdout) as StateExport["deployment"];
    return { ...result, raw: result.stdout, deployment, resources: deployment.deployment.resources ?? [] };
  };
}

/** The stack's commands. */
function stackOf(ctx: StackContext): TestStack {
  const { options, name, programDir, configFile, env, extraArgs, tmp, dirs, stackArgs, withConfig, run, check, lastShown, checkpointText } =
    ctx;
  const exportState = exportStateOf(ctx);
  return {
    name,
    programDir,
    configFile,
    env,
    extraArgs,
    async up(args = [], { diffRemains, noChangesCheckedBy } = {}) {
      const result = await run(["up", "--yes", "--skip-preview", ...withConfig, ...args]);
      const checkAfter = options.checkNoChangesAfterUp ?? true;
      if (result.code !== 0 || diffRemains !== undefined || noChangesCheckedBy !== undefined || checkAfter === false) return result;
      const flags = ["--expect-no-changes", ...(checkAfter === "refreshed" ? ["--refresh"] : [])];
      const after = await run(["preview", ...flags, ...withConfig]);
      if (after.code === 0) return result;
      return {
        code: after.code,
        stdout: `${result.stdout}\n--- a perpetual diff: preview ${flags.join(" ")} after this up\n${after.stdout}`,
        stderr: result.stderr + after.stderr,
      };
    },
    async preview({ refresh = false, expectNoChanges = false } = {}) {
      const args = ["preview", "--json", ...withConfig];
      if (refresh) args.push("--refresh");
      if (expectNoChanges) args.push("--expect-no-changes");
      return previewResult(await run(args));
    },
    refresh: () => run(["refresh", "--yes", "--skip-preview", ...withConfig]),
    destroy: () => run(["destroy", "--yes", "--skip-preview", ...withConfig]),
    exportState,
    storedState: checkpointText,
    async outputs() {
      // The audit's export after the last up or refresh holds the root's outputs: no command (a second of
      // CPU) while it is current; test/e2e/quickstart.test.ts compares it with `stack output`.
      if (lastShown() !== undefined) {
        const outputs = stackOutputs(await exportState({ showSecrets: true }));
        return { code: 0, stdout: JSON.stringify(outputs, null, 2), stderr: "", outputs };
      }
      const result = await check(["stack", "output", "--json", "--show-secrets", ...stackArgs]);
      return { ...result, outputs: JSON.parse(result.stdout) as Record<string, unknown> };
    },
    async setConfig(key, { value, secret = false }) {
      const projectFile = path.join(dirs.project, "Pulumi.yaml");
      if (!secret) return writeConfig(configFile, projectFile, key, value);
      registerSecretConfig(key, value);
      writeConfig(configFile, projectFile, key, { secure: encryptConfig(configFile, env.PULUMI_CONFIG_PASSPHRASE!, value) });
    },
    run: (args, input) => run(args, input),
    async remove() {
      // Every state this stack had (current, history, backups) goes to the secret audit.
      recordTree(`state of stack ${name}`, dirs.backend);
      try {
        // A file backend is this stack's own temporary directory, deleted below: `stack rm` (half a second
        // of CPU) is needed only for a shared backend.
        if (options.backendUrl !== undefined) await check(["stack", "rm", "--yes", "--force", ...stackArgs]);
      } finally {
        fs.rmSync(tmp, { recursive: true, force: true });
      }
    },
  };
}

export async function createStack(options: StackOptions): Promise<TestStack> {
  const programDir = path.resolve(options.programDir);
  if (!fs.existsSync(path.join(programDir, "Pulumi.yaml"))) {
    throw new Error(`${programDir} has no Pulumi.yaml`);
  }
  const ctx = stackContext(options, programDir);
  await initStack(ctx);
  const stack = stackOf(ctx);
  try {
    for (const [key, value] of Object.entries(options.config ?? {})) {
      await stack.setConfig(key, value);
    }
  } catch (error) {
    await stack.remove();
    throw error;
  }
  return stack;
}

/** A secret config value encrypted with the stack's passphrase and salt, as `pulumi config set --secret` does (./passphrase.ts). */
function encryptConfig(configFile: string, passphrase: string, value: string): string {
  const salt = parse(fs.readFileSync(configFile, "utf8"))?.encryptionsalt as string | undefined;
  if (salt === undefined) throw new Error(`${configFile} has no encryptionsalt: was the stack made with the passphrase provider?`);
  return PassphraseCrypter.of(passphrase, salt).encrypt(value);
}

/**
 * A value written into the stack's config file as `pulumi config set` stores it (the key in the project's
 * namespace unless it names one; a secret as `secure: <ciphertext>`): a CLI call costs most of a second of
 * CPU and a suite sets hundreds.
 */
function writeConfig(configFile: string, projectFile: string, key: string, value: string | { secure: string }): void {
  const project = parse(fs.readFileSync(projectFile, "utf8")).name as string;
  const doc = parseDocument(fs.readFileSync(configFile, "utf8"));
  if (!isMap(doc.get("config"))) doc.set("config", doc.createNode({}));
  doc.setIn(["config", key.includes(":") ? key : `${project}:${key}`], typeof value === "string" ? value : doc.createNode(value));
  // No folding: a long value stays on one line, as the CLI writes it.
  fs.writeFileSync(configFile, doc.toString({ lineWidth: 0 }));
}
