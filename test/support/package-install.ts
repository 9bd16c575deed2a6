/**
 * The package as a user installs it: this repository's build packed with `npm pack` once per process (per
 * test file under jest), installed with npm into a project directory at the versions this repository
 * builds with; and the examples copied out as a user copies one, sharing a single install.
 *
 * A test file that uses these calls removeInstalls() once it is done with them (last in its top-level
 * afterAll: a hook registered here on import would run before the file's own, while stacks still use them).
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { REPO_ROOT, runCommand, type CliResult } from "../../harness/engine";

export const EXAMPLES = path.join(REPO_ROOT, "examples");

/** `npm install` as a pipeline runs it: from the cache when it can, no scripts, audit, funding notes or lock file. */
const INSTALL = ["install", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts", "--no-package-lock"];

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

/** The path of `npm pack` of this repository's dist/ (build first), packed once per process. */
export function packedTarball(): Promise<string> {
  tarball ??= (async () => {
    if (!fs.existsSync(path.join(REPO_ROOT, "dist", "index.d.ts"))) throw new Error("dist/ is missing: run npm run build");
    const dir = tempDir("ei-pack-");
    const pack = await runCommand("npm", ["pack", "--silent", "--pack-destination", dir], { cwd: REPO_ROOT });
    expectCommand(pack, "npm pack");
    return path.join(dir, pack.stdout.trim().split("\n").pop() ?? "");
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
  shared ??= { dir: tempDir("ei-examples-install-") };
  return shared.dir;
}

/** Installs the package and its companions into the examples' shared directory, once per process; resolves to it. */
export function installShared(): Promise<string> {
  const dir = sharedDir();
  shared!.installed ??= installPackage(dir, { name: "examples-install" }).then(() => dir);
  return shared!.installed;
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
