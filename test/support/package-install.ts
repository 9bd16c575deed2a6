/**
 * The package as a user installs it: this repository's build packed with `npm pack` once (per run under
 * jest, else per process), installed with npm into a project directory at the versions this repository
 * builds with; and the examples copied out as a user copies one, sharing a single install.
 *
 * A test file that uses these calls removeInstalls() once it is done with them (last in its top-level
 * afterAll: a hook registered here on import would run before the file's own, while stacks still use them).
 * Under jest the tarball and the examples' shared install are made once per run for every test file (in
 * the run's directory, RUN_DIR_ENV, which the global teardown removes); elsewhere once per process.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { REPO_ROOT, runCommand, type CliResult } from "../../harness/engine";

export const EXAMPLES = path.join(REPO_ROOT, "examples");

/** `npm install` as a pipeline runs it: from the cache when it can, no scripts, audit, funding notes or lock file. */
const INSTALL = ["install", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts", "--no-package-lock"];

/** A directory for the whole jest run, made by the global setup (test/support/global-setup.ts). */
export const RUN_DIR_ENV = "EI_TEST_RUN_DIR";

const made: string[] = [];
let tarball: Promise<string> | undefined;
let shared: { dir: string; installed?: Promise<string> } | undefined;

/** Removes every directory made here: the tarball, the installs, the example copies. */
export function removeInstalls(): void {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  tarball = undefined;
  shared = undefined;
}

function expectCommand(result: CliResult, what: string): void {
  if (result.code !== 0) throw new Error(`${what} exited with ${result.code}\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`);
}

/** A new temporary directory (its real path: the engine and npm report real paths), removed by removeInstalls(). */
export function tempDir(prefix: string): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  made.push(dir);
  return dir;
}

/** The installed version of one of this repository's dependencies. */
function installedVersion(name: string): string {
  return JSON.parse(fs.readFileSync(require.resolve(`${name}/package.json`, { paths: [REPO_ROOT] }), "utf8")).version;
}

/**
 * What a project installs besides the package, at the versions this repository builds and tests with:
 * @pulumi/pulumi at its pinned version, typescript and @types/node as installed here.
 */
export function companionDependencies(): Record<string, string> {
  return {
    "@pulumi/pulumi": installedVersion("@pulumi/pulumi"),
    typescript: installedVersion("typescript"),
    "@types/node": installedVersion("@types/node"),
  };
}

/** The path of `npm pack` of this repository's dist/ (build first), packed once per run under jest (else per process). */
export function packedTarball(): Promise<string> {
  tarball ??= (async () => {
    if (!fs.existsSync(path.join(REPO_ROOT, "dist", "index.d.ts"))) throw new Error("dist/ is missing: run npm run build");
    const runDir = process.env[RUN_DIR_ENV];
    const dir = runDir ? path.join(runDir, "pack") : tempDir("ei-pack-");
    const pack = async () => {
      const packed = await runCommand("npm", ["pack", "--silent", "--pack-destination", dir], { cwd: REPO_ROOT });
      expectCommand(packed, "npm pack");
    };
    if (runDir) {
      fs.mkdirSync(dir, { recursive: true });
      await onceAcrossProcesses(dir, pack);
    } else await pack();
    const name = fs.readdirSync(dir).find((f) => f.endsWith(".tgz"));
    if (!name) throw new Error(`npm pack left no tarball in ${dir}`);
    return path.join(dir, name);
  })();
  return tarball;
}

/**
 * Writes `project`'s package.json (the packed package through a `file:` dependency, then
 * companionDependencies() and `extra`) and runs `npm install` there.
 */
export async function installPackage(project: string, options: { name: string; extra?: Record<string, string> }): Promise<void> {
  const manifest = {
    name: options.name,
    private: true,
    dependencies: { "@edge-ingress/pulumi": `file:${await packedTarball()}`, ...companionDependencies(), ...options.extra },
  };
  fs.writeFileSync(path.join(project, "package.json"), JSON.stringify(manifest, null, 2));
  expectCommand(await runCommand("npm", INSTALL, { cwd: project }), `npm install in ${project}`);
}

/** The directory whose node_modules every example copy links to; made at once, filled by installShared(). */
function sharedDir(): string {
  const runDir = process.env[RUN_DIR_ENV];
  if (runDir) {
    const dir = path.join(runDir, "examples-install");
    fs.mkdirSync(dir, { recursive: true });
    shared ??= { dir };
  }
  shared ??= { dir: tempDir("ei-examples-install-") };
  return shared.dir;
}

/** Installs the package and its companions into the examples' shared directory, once per run (or process); resolves to it. */
export function installShared(): Promise<string> {
  const dir = sharedDir();
  const install = () => installPackage(dir, { name: "examples-install" });
  shared!.installed ??= (process.env[RUN_DIR_ENV] ? onceAcrossProcesses(dir, install) : install()).then(() => dir);
  return shared!.installed;
}

/**
 * Runs `make` in the first process to get here for `dir` (jest's workers share the run's directory);
 * the others wait for it and share its result, a failure included.
 */
async function onceAcrossProcesses(dir: string, make: () => Promise<void>): Promise<void> {
  const done = path.join(dir, ".done");
  for (;;) {
    if (fs.existsSync(done)) {
      const failure = fs.readFileSync(done, "utf8");
      if (failure !== "") throw new Error(`made by another test process, which failed: ${failure}`);
      return;
    }
    try {
      fs.mkdirSync(path.join(dir, ".making"));
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 500));
      continue;
    }
    try {
      await make();
      fs.writeFileSync(done, "");
    } catch (error) {
      fs.writeFileSync(done, String(error) || "failed");
      throw error;
    }
    return;
  }
}

/**
 * Added to the environment of engine commands on an example's copy: ts-node only transpiles the program.
 * test/e2e/examples.test.ts type-checks every example once (typeCheckExamples); type-checking it again in
 * each command that runs it cost about 20 s of CPU a command, most of the engine tier's time.
 */
export const TRANSPILE_ONLY: Readonly<Record<string, string>> = { PULUMI_NODEJS_TRANSPILE_ONLY: "true" };

/**
 * `tsc --noEmit` of the programs of the given example copies, with the compiler options they share (the
 * stock ones; examples.test.ts holds every example's tsconfig to them), in one program: the package's
 * and @pulumi/pulumi's declarations are read once for all. The tsconfig sits in the shared install, so
 * the same node_modules/@types apply as from a copy.
 */
export async function typeCheckExamples(copies: string[], compilerOptions: Record<string, unknown>): Promise<CliResult> {
  const dir = await installShared();
  const tsconfig = path.join(dir, "tsconfig.examples.json");
  fs.writeFileSync(
    tsconfig,
    JSON.stringify({ compilerOptions: { ...compilerOptions, noEmit: true }, files: copies.map((c) => path.join(c, "index.ts")) }),
  );
  const tsc = path.join(dir, "node_modules", "typescript", "bin", "tsc");
  return runCommand(process.execPath, [tsc, "-p", tsconfig, "--pretty", "false"], { cwd: dir });
}

/**
 * examples/<name> copied as is into a new temporary directory, as a user copies it into a project; its
 * `node_modules` is a link to the shared install's, so run nothing there before installShared() resolved.
 * Node.js and TypeScript follow the link to its real path, so the program, the dynamic provider process
 * (which resolves from the program directory) and the type-check all load one copy of each module.
 */
export function copyExample(name: string): string {
  const source = path.join(EXAMPLES, name);
  if (!fs.existsSync(path.join(source, "package.json"))) throw new Error(`${source} is not an example with a package.json`);
  const project = tempDir(`ei-example-${name}-`);
  // What trying an example in the clone leaves there (stack config files, an install) is not the example's.
  const own = (file: string) => path.basename(file) !== "node_modules" && !/^Pulumi\..+\.yaml$/.test(path.basename(file));
  fs.cpSync(source, project, { recursive: true, filter: own });
  fs.symlinkSync(path.join(sharedDir(), "node_modules"), path.join(project, "node_modules"), "dir");
  return project;
}
