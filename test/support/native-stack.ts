/**
 * The native twin of useEngineStack with harness/edges: the same Program JSON (`{ resources: [{ kind,
 * name, args }], tokens?, reads? }`) written as a Pulumi YAML program and run by Pulumi's YAML host
 * with the native plugin (`pulumi-resource-edgeingress`) on PATH, so the tables that run the dynamic
 * path run the native one from the same data. Where a Program has no native meaning it is mapped:
 *
 * - "@<name>" → `${<name>.id}`. A map keyed by "@<name>" (a weighted backend's `backends` in the
 *   service's form) has no YAML form, keys being never interpolated: it is written in the declared
 *   list form of the same meaning, and `expresses` says so, for a table whose point is the spelling.
 * - "secret:<key>" → the secret config value `secret_<key>` of the stack (setSecrets), as the
 *   dynamic program's secret `secrets` config.
 * - `adopt: <id>` (the dynamic classes' argument) → the `import` resource option: it takes the
 *   resource as the service holds it, so the program must declare what the service holds.
 * - `reads` (`Kind.get`) → a YAML resource with `get: { id }`.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { EmulatorOptions, RunningEmulator } from "../../emulator";
import type { EdgeIngress } from "../../sdk";
import { emulatorLog, registerSecret } from "../../harness/audit";
import { createStack, REPO_ROOT, type TestStack } from "../../harness/engine";
import { nativeEnv } from "../native/engine";
import { start, type Client, type Started } from "./emulator";
import type { EngineFixture } from "./engine-stack";

type Args = Record<string, unknown>;
export interface EdgesProgram {
  resources?: Array<{ kind: string; name: string; args: Args }>;
  tokens?: boolean;
  reads?: Array<{ kind: string; name: string; id: string }>;
}

const TOKEN = "edgeingress:index:";
const resources = (
  JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "native", "schema.json"), "utf8")) as {
    resources: Record<string, { properties: Record<string, unknown> }>;
  }
).resources;
const hasToken = (kind: string) => "token" in (resources[TOKEN + kind]?.properties ?? {});

const isObj = (v: unknown): v is Args => v !== null && typeof v === "object" && !Array.isArray(v);

/** True when every value of `args` has a Pulumi YAML form (no map keyed by another resource's id). */
export function expresses(args: unknown): boolean {
  if (Array.isArray(args)) return args.every(expresses);
  if (!isObj(args)) return true;
  return Object.entries(args).every(([k, v]) => !k.startsWith("@") && expresses(v));
}

/** A resource's args in the form the YAML program declares them: a weighted backend's map of "@<name>" → weight as its list. */
export function nativeArgs(kind: string, args: Args): Args {
  if (kind !== "WeightedBackend" || !isObj(args.backends)) return args;
  return { ...args, backends: Object.entries(args.backends).map(([backendId, weight]) => ({ backendId, weight })) };
}

/** A value of the Program as Pulumi YAML writes it. */
function yamlValue(v: unknown): unknown {
  if (typeof v === "string") {
    if (v.startsWith("@")) return `\${${v.slice(1)}.id}`;
    if (v.startsWith("secret:")) return `\${s_${v.slice("secret:".length)}}`;
    // A literal `${` is written `$${` in Pulumi YAML.
    return v.replaceAll("${", "$${");
  }
  if (Array.isArray(v)) return v.map(yamlValue);
  if (isObj(v)) {
    if (!expresses(v)) throw new Error(`no Pulumi YAML form for a map keyed by resource ids: ${JSON.stringify(v)}`);
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, yamlValue(x)]));
  }
  return v;
}

/** The Pulumi YAML program (as JSON, which is YAML) of `program`; `secretKeys` are declared as secret config. */
export function yamlProgram(project: string, program: EdgesProgram, secretKeys: readonly string[] = []): object {
  const out: Record<string, unknown> = {};
  const declared: Record<string, object> = {};
  for (const { kind, name, args } of program.resources ?? []) {
    const { adopt, ...rest } = nativeArgs(kind, args);
    declared[name] = {
      type: TOKEN + kind,
      properties: yamlValue(rest),
      ...(adopt !== undefined ? { options: { import: adopt } } : {}),
    };
  }
  out.ids = Object.fromEntries((program.resources ?? []).map(({ name }) => [name, `\${${name}.id}`]));
  if (program.tokens) {
    out.tokens = Object.fromEntries(
      (program.resources ?? []).filter((r) => hasToken(r.kind)).map(({ name }) => [name, `\${${name}.token}`]),
    );
  }
  if (program.reads) {
    for (const { kind, name, id } of program.reads) declared[name] = { type: TOKEN + kind, get: { id } };
    out.reads = Object.fromEntries(
      program.reads.map(({ name }) => [name, { id: `\${${name}.id}`, description: `\${${name}.description}` }]),
    );
  }
  // Declared under another name than the stack's key: Pulumi YAML types a secret stack value it reads
  // undeclared as Invalid, and where both meet the undeclared one's type may win (nested, it then fails
  // the schema's type check). `configuration` (YAML's own block; the project's `config` has no `name`).
  const configuration = Object.fromEntries(secretKeys.map((k) => [`s_${k}`, { name: `secret_${k}`, type: "String", secret: true }]));
  return { name: project, runtime: "yaml", configuration, resources: declared, outputs: out };
}

export interface NativeFixture<Program extends object = EdgesProgram> extends EngineFixture<Program> {
  /** The directory of the generated Pulumi.yaml. */
  readonly programDir: string;
  /** Raw HTTP to the emulator with the root token (its `/_emulator/*` routes are never rate limited). */
  readonly api: Client;
}

/**
 * An emulator and a stack of a generated Pulumi YAML program, configured through stack config only,
 * the plugin and the YAML host on PATH (test/native/engine.ts).
 */
export function useNativeStack<Program extends EdgesProgram = EdgesProgram>(
  project: string,
  emulatorOptions: EmulatorOptions = {},
  { env, config }: { env?: Record<string, string>; config?: Record<string, string> } = {},
): NativeFixture<Program> {
  let started: Started | undefined;
  let stack: TestStack | undefined;
  let programDir: string | undefined;
  let binDir: string | undefined;
  let secretKeys: string[] = [];
  const write = (program: EdgesProgram) =>
    fs.writeFileSync(path.join(programDir!, "Pulumi.yaml"), JSON.stringify(yamlProgram(project, program, secretKeys), null, 1));
  beforeAll(async () => {
    started = await start({ ...emulatorOptions, log: emulatorLog(`${project} emulator`) });
    registerSecret("emulator root token (the provider's API key)", started.emulator.rootToken);
    programDir = fs.mkdtempSync(path.join(os.tmpdir(), `ei-${project}-`));
    write({});
    const native = nativeEnv();
    binDir = native.dir;
    stack = await createStack({
      programDir,
      linkSelf: false,
      config: {
        "edgeingress:apiKey": { value: started.emulator.rootToken, secret: true },
        "edgeingress:apiUrl": { value: started.emulator.url },
        ...Object.fromEntries(Object.entries(config ?? {}).map(([k, value]) => [k, { value }])),
      },
      // Credentials come from stack config only: nothing from the test's environment.
      env: { ...env, ...native.env, EDGE_INGRESS_API_KEY: "", EDGE_INGRESS_API_URL: "" },
    });
  });
  afterAll(async () => {
    await stack?.remove();
    await started?.close();
    for (const dir of [programDir, binDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });
  return {
    path: "native",
    get programDir() {
      return programDir!;
    },
    get api() {
      return started!.api;
    },
    get stack() {
      return stack!;
    },
    get client() {
      return started!.client as EdgeIngress;
    },
    get emulator() {
      return started!.emulator as RunningEmulator;
    },
    setProgram: async (program) => write(program),
    async setSecrets(secrets) {
      secretKeys = Object.keys(secrets);
      for (const [k, value] of Object.entries(secrets)) await stack!.setConfig(`secret_${k}`, { value, secret: true });
    },
    expresses,
    outputs: async () => (await stack!.outputs()).outputs,
    urn: (type, name) => `urn:pulumi:${stack!.name}::${project}::${TOKEN}${type}::${name}`,
  };
}
