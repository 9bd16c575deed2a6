/** One emulator and one stack per e2e file, with the checks every kind shares. */
import * as path from "node:path";
import type { EmulatorOptions, RunningEmulator } from "../../emulator";
import type { EdgeIngress } from "../../sdk";
import { emulatorLog, registerSecret } from "../../harness/audit";
import { start, type Started } from "./emulator";
import { createStack, stackOutputs, type CliResult, type StackOptions, type StateExport, type TestStack } from "../../harness/engine";

export const ACCESS_PROGRAM = path.join(__dirname, "..", "fixtures", "access");

/** Fails with the CLI's output, so a broken run explains itself. */
export function expectSuccess(result: CliResult): void {
  if (result.code !== 0) {
    throw new Error(`pulumi exited with ${result.code}\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`);
  }
}

export interface AccessProgram {
  policies?: Record<string, Record<string, unknown>>;
  restrictions?: Record<string, Record<string, unknown>>;
  keys?: Record<string, Record<string, unknown>>;
  /** Existing resources read with `Kind.get`. */
  reads?: Record<string, { kind: string; id: string }>;
}

export interface EngineFixture<Program extends object = object> {
  /** Which provider runs the program: the dynamic classes (harness/edges) or the native plugin (test/support/native-stack.ts). */
  readonly path: "dynamic" | "native";
  readonly stack: TestStack;
  readonly client: EdgeIngress;
  readonly emulator: RunningEmulator;
  /** Sets the program's `program` config (JSON) for the next command. */
  setProgram(program: Program): Promise<void>;
  /** The values "secret:<key>" in a program stands for, as secret stack config; before setProgram. */
  setSecrets(secrets: Record<string, string>): Promise<void>;
  /** False for inputs the path's program cannot write (a table leaves them out there). */
  expresses(args: unknown): boolean;
  /** Stack outputs (secrets shown). */
  outputs(): Promise<Record<string, any>>;
  urn(type: string, name: string): string;
}

/**
 * An emulator and a stack of the program in `programDir`, configured for it through stack config only.
 * `linkSelf` and `checkNoChangesAfterUp` as createStack takes them (linkSelf false for a program with its
 * own install of the package); `env` added to the commands' environment (never credentials: those come
 * from stack config).
 */
export function useEngineStack<Program extends object = object>(
  programDir: string,
  project: string,
  emulatorOptions: EmulatorOptions = {},
  { linkSelf, env, checkNoChangesAfterUp }: Pick<StackOptions, "linkSelf" | "env" | "checkNoChangesAfterUp"> = {},
): EngineFixture<Program> {
  let started: Started | undefined;
  let emulator: RunningEmulator | undefined;
  let client: EdgeIngress | undefined;
  let stack: TestStack | undefined;
  beforeAll(async () => {
    started = await start({ ...emulatorOptions, log: emulatorLog(`${project} emulator`) });
    ({ emulator, client } = started);
    registerSecret("emulator root token (the provider's API key)", emulator.rootToken);
    stack = await createStack({
      programDir,
      linkSelf,
      checkNoChangesAfterUp,
      config: {
        "edgeingress:apiKey": { value: emulator.rootToken, secret: true },
        "edgeingress:apiUrl": { value: emulator.url },
      },
      // Credentials come from stack config only: nothing from the test's environment.
      env: { ...env, EDGE_INGRESS_API_KEY: "", EDGE_INGRESS_API_URL: "" },
    });
  });
  afterAll(async () => {
    await stack?.remove();
    await started?.close();
  });
  return {
    path: "dynamic",
    get stack() {
      return stack!;
    },
    get client() {
      return client!;
    },
    get emulator() {
      return emulator!;
    },
    setProgram: (program) => stack!.setConfig("program", { value: JSON.stringify(program) }),
    setSecrets: (secrets) => stack!.setConfig("secrets", { value: JSON.stringify(secrets), secret: true }),
    expresses: () => true,
    outputs: async () => (await stack!.outputs()).outputs,
    urn: (type, name) => `urn:pulumi:${stack!.name}::${project}::pulumi-nodejs:dynamic/edgeingress:${type}::${name}`,
  };
}

/**
 * The state as the last up left it, secrets shown, and the stack's outputs in it (what `stack output
 * --json --show-secrets` prints): one `stack export --show-secrets`, the secret audit's after the up.
 */
export async function afterUp(fx: EngineFixture<any>): Promise<{ state: StateExport; out: Record<string, any> }> {
  const state = await fx.stack.exportState({ showSecrets: true });
  return { state, out: stackOutputs(state) };
}

/**
 * `preview --diff` as text, as a pipeline runs it (`refresh` and `expectNoChanges` make it the drift
 * gate: `preview --refresh --expect-no-changes --diff`).
 */
export function previewText(fx: EngineFixture<any>, { refresh = false, expectNoChanges = false } = {}): Promise<CliResult> {
  const flags = [...(refresh ? ["--refresh"] : []), ...(expectNoChanges ? ["--expect-no-changes"] : [])];
  return fx.stack.run([
    "preview",
    ...flags,
    "--diff",
    "--stack",
    fx.stack.name,
    "--config-file",
    fx.stack.configFile,
    "--non-interactive",
    "--color=never",
  ]);
}

/** test/fixtures/access: API keys, IP policies and restrictions declared from the `program` config. */
export const useAccessStack = (): EngineFixture<AccessProgram> => useEngineStack<AccessProgram>(ACCESS_PROGRAM, "access");

/** The reasons of the check failures the engine reported (`… has a problem: <reason>`), each once. */
export function checkProblems(result: CliResult): string[] {
  let messages = [result.stdout + result.stderr];
  try {
    // `preview --json` carries diagnostics as JSON strings (`<` as \u003c): read them decoded.
    messages = (JSON.parse(result.stdout).diagnostics ?? []).map((d: { message: string }) => d.message);
  } catch {
    // Plain output is read as it is.
  }
  return [...new Set(messages.flatMap((m) => [...m.matchAll(/has a problem: ([^\n]*)/g)].map((match) => match[1].trim())))];
}

/**
 * What plain (not `--json`) output prints under Diagnostics for the resource `name`: its header line
 * and its messages, up to the blank line that ends them.
 */
export function diagnosticLines(result: CliResult, name: string): string[] {
  const text = result.stdout + result.stderr;
  const lines = text.slice(text.indexOf("\nDiagnostics:")).split("\n");
  const start = lines.findIndex((l) => l.trimEnd().endsWith(`(${name}):`));
  if (start < 0) return [];
  const end = lines.findIndex((l, i) => i > start && l.trim() === "");
  return lines.slice(start, end < 0 ? undefined : end);
}

/** A failed preview whose output names the property and states the rule. */
export function expectCheckFailure(result: CliResult, property: string, rule: RegExp): void {
  expect(result.code).not.toBe(0);
  const text = [result.stdout, result.stderr, ...checkProblems(result)].join("\n");
  // The engine prints `property <name> value {…} has a problem: <reason>` for a top-level value, or
  // `resource '<name>' has a problem: <reason>` for a secret input or a field inside a list or object;
  // our reasons start with the field's path.
  expect(text).toMatch(new RegExp(`has a problem: ${property}\\b`));
  expect(text).toMatch(rule);
}
