/**
 * A stack driven through the provider protocol (engine.ts) behind the same interface as a real engine's
 * (harness/engine.ts `TestStack`, test/support/engine-stack.ts `EngineFixture`), so a table written for
 * the engine runs here unchanged, on either path, in a fraction of the time: `up`, `preview` (the
 * `--json` form: steps, ops, change summary, diagnostics), `refresh`, `destroy`, `stack export`
 * (secrets as ciphertext; `--show-secrets` as plaintext), `stack output`, `preview --diff` (the changed
 * properties as `~ key: old => new`) and config. Each command starts its own provider process (hosts.ts)
 * and configures it from the stack's config, as a `pulumi` command does.
 */
import { createCipheriv, randomBytes } from "node:crypto";
import type { EmulatorOptions, RunningEmulator } from "../../emulator";
import type { EdgeIngress } from "../../sdk";
import type { CliResult, PreviewResult, StateExport, StepOp, TestStack } from "../../harness/engine";
import { emulatorLog, record, registerSecret, registerSecretConfig, registerStateSecrets, testContext } from "../../harness/audit";
import { start, type Client, type Started } from "../support/emulator";
import type { EngineFixture } from "../support/engine-stack";
import { expresses as nativeExpresses } from "../support/native-stack";
import { Deployment, type Outcome, type StateResource, type Step } from "./engine";
import { startSession, typeOf, type Path } from "./hosts";
import { goalsOf, hasToken, type ProgramJson } from "./program";
import { diffLines, holdsSecret, isSecret, masked, reveal, secret, SECRET_SIG, SIG_KEY, type Props } from "./values";

const PROJECT = "protocol";

export class ProtocolStack implements TestStack {
  readonly name = `protocol-${randomBytes(4).toString("hex")}`;
  readonly programDir = "";
  readonly configFile = "";
  readonly env: NodeJS.ProcessEnv = {};
  readonly extraArgs: string[] = [];
  private config = new Map<string, { value: string; secret: boolean }>();
  private state: StateResource[] = [];
  private stackOutputs: Props = {};
  private readonly key = randomBytes(32);
  program: ProgramJson = {};
  /** The last preview's steps, secrets still wrapped. */
  private lastSteps: Step[] = [];

  constructor(readonly path: Path) {}

  urn = (type: string, name: string) => `urn:pulumi:${this.name}::${PROJECT}::${type}::${name}`;

  async setConfig(key: string, { value, secret: isSecretValue = false }: { value: string; secret?: boolean }): Promise<void> {
    if (isSecretValue) registerSecretConfig(key, value);
    this.config.set(key, { value, secret: isSecretValue });
    if (key === "program") this.program = JSON.parse(value) as ProgramJson;
  }

  /** The program's secret values: the `secrets` config (dynamic) or `secret_<key>` values (native). */
  private secrets(): Props {
    const all = JSON.parse(this.config.get("secrets")?.value ?? "{}") as Props;
    for (const [k, v] of this.config) if (k.startsWith("secret_")) all[k.slice("secret_".length)] = v.value;
    return all;
  }

  /** The provider's configuration as the engine passes it: the whole stack config (dynamic), or the package's keys (native). */
  private providerConfig(): Props {
    const out: Props = {};
    for (const [k, { value, secret: s }] of this.config) {
      if (this.path === "native" && !k.startsWith("edgeingress:")) continue;
      out[this.path === "native" ? k.slice("edgeingress:".length) : k] = s ? secret(value) : value;
    }
    return out;
  }

  /** One command: a provider process, configured, given to `act`; the result as the CLI's. */
  private async command(
    name: string,
    preview: boolean,
    act: (d: Deployment) => Promise<void>,
  ): Promise<{ outcome: Outcome; result: CliResult }> {
    const session = await startSession(this.path, `${name}${testContext()}`, { EDGE_INGRESS_API_KEY: "", EDGE_INGRESS_API_URL: "" });
    let outcome: Outcome = { steps: [], errors: [], state: this.state };
    try {
      await session.configure(this.providerConfig());
      const d = new Deployment(session, this.state, preview);
      await act(d);
      outcome = d.outcome();
    } catch (e) {
      outcome = {
        ...outcome,
        errors: [
          `pulumi:providers:${this.path === "native" ? "edgeingress" : "pulumi-nodejs"} resource 'default': ${(e as Error).message}`,
        ],
      };
    } finally {
      await session.close();
    }
    const text = outcome.errors.length
      ? `Diagnostics:\n${outcome.errors.map((e) => `  ${e.split(" resource '")[0]} (${/resource '([^']*)'/.exec(e)?.[1]}):\n    error: ${e}\n`).join("\n")}\n`
      : "";
    const result = { code: outcome.errors.length ? 255 : 0, stdout: text, stderr: outcome.errors.length ? `error: ${name} failed\n` : "" };
    record(`pulumi ${name} stdout${testContext()}`, result.stdout);
    return { outcome, result };
  }

  /** Applies a command's outcome: the state and, after an up, the program's outputs. */
  private commit(outcome: Outcome, withOutputs: boolean): void {
    this.state = outcome.state;
    if (withOutputs) this.stackOutputs = this.programOutputs();
    registerStateSecrets(this.exportJson(true));
  }

  private goals() {
    return goalsOf(this.path, this.program, this.urn, this.secrets());
  }

  async up(args: string[] = [], { diffRemains }: { diffRemains?: string } = {}): Promise<CliResult> {
    const unknown = args.filter((a) => a !== "--refresh");
    if (unknown.length) throw new Error(`the protocol harness does not model up ${unknown.join(" ")}`);
    const { outcome, result } = await this.command("up", false, async (d) => {
      if (args.includes("--refresh")) await d.refresh();
      if (!d.errors.length) await d.update(this.goals());
    });
    this.commit(outcome, true);
    if (result.code === 0) {
      // The stack's outputs as `pulumi up` prints them (secrets "[secret]"), where the secret audit reads them.
      result.stdout = `Outputs:\n${JSON.stringify(masked(this.stackOutputs), null, 4)}\n`;
      record(`pulumi up stdout${testContext()}`, result.stdout);
    }
    if (result.code !== 0 || diffRemains !== undefined) return result;
    const after = await this.preview({ expectNoChanges: true });
    if (after.code === 0) return result;
    return {
      code: after.code,
      stdout: `${result.stdout}\n--- a perpetual diff: preview --expect-no-changes after this up\n${after.stdout}`,
      stderr: after.stderr,
    };
  }

  async preview({ refresh = false, expectNoChanges = false } = {}): Promise<PreviewResult> {
    const { outcome, result } = await this.command("preview", true, async (d) => {
      if (refresh) await d.refresh();
      if (!d.errors.length) await d.update(this.goals());
    });
    this.lastSteps = outcome.steps;
    const steps = outcome.steps.map((s) => ({
      op: s.op as StepOp,
      urn: s.urn,
      ...(s.oldState ? { oldState: this.shown(s.oldState) } : {}),
      ...(s.newState ? { newState: this.shown(s.newState) } : {}),
      ...(s.detailedDiff ? { detailedDiff: s.detailedDiff, diffReasons: Object.keys(s.detailedDiff) } : {}),
    }));
    const ops: Record<string, StepOp[]> = {};
    for (const s of steps) (ops[s.urn] ??= []).push(s.op);
    const changeSummary: Record<string, number> = {};
    for (const g of this.goals()) {
      const op = (ops[g.urn] ?? []).find((o) => o !== "refresh") ?? "same";
      changeSummary[op] = (changeSummary[op] ?? 0) + 1;
    }
    for (const s of steps) if (s.op === "delete") changeSummary.delete = (changeSummary.delete ?? 0) + 1;
    const changed = Object.entries(changeSummary).some(([op, n]) => op !== "same" && op !== "read" && n > 0);
    const diagnostics = result.stdout ? outcome.errors.map((message) => ({ message, severity: "error" })) : [];
    const fails = result.code !== 0 || (expectNoChanges && changed);
    return {
      code: fails ? 255 : 0,
      stdout: JSON.stringify({ steps, changeSummary, diagnostics }, null, 2),
      stderr: result.stderr + (expectNoChanges && changed ? "error: no changes were expected but changes were proposed\n" : ""),
      steps,
      changeSummary,
      ops,
      noChanges: !fails && !changed,
    };
  }

  /** `preview --diff` (and `--refresh`, `--expect-no-changes`) as text: each changed resource's changed properties. */
  private async previewDiff(args: string[]): Promise<CliResult> {
    const p = await this.preview({ refresh: args.includes("--refresh"), expectNoChanges: args.includes("--expect-no-changes") });
    // From the steps unmasked: diffLines masks a secret itself, and shows that it changed.
    const blocks = this.lastSteps
      .filter((s) => s.op !== "refresh")
      .map((s) => {
        const type = s.urn.split("::")[2];
        const name = s.urn.split("::")[3];
        const mark = s.op === "create" ? "+" : s.op === "delete" ? "-" : s.op === "replace" ? "+-" : "~";
        const was = s.oldState?.inputs ?? {};
        const now = s.newState?.inputs ?? {};
        const keys = s.detailedDiff ? Object.keys(s.detailedDiff) : [...new Set([...Object.keys(was), ...Object.keys(now)])];
        const lines = keys.filter((k) => k !== "__provider").flatMap((k) => diffLines(k, was[k], now[k], 1));
        return [`  ${mark} ${type}: (${s.op})`, `    [urn=${s.urn}]`, ...lines.map((l) => `  ${l}`), ``]
          .join("\n")
          .replace(`${type}: (`, `${type} ${name}: (`);
      });
    const summary = Object.entries(p.changeSummary).map(([op, n]) => `    ${n} ${op === "same" ? "unchanged" : `to ${op}`}`);
    return {
      code: p.code,
      stdout: `Previewing update (${this.name}):\n${blocks.join("\n")}\nResources:\n${summary.join("\n")}\n`,
      stderr: p.stderr,
    };
  }

  async refresh(): Promise<CliResult> {
    const { outcome, result } = await this.command("refresh", false, (d) => d.refresh());
    if (result.code === 0) this.commit(outcome, false);
    return result;
  }

  async destroy(): Promise<CliResult> {
    const { outcome, result } = await this.command("destroy", false, (d) => d.destroy());
    this.commit(outcome, false);
    if (result.code === 0) this.stackOutputs = {};
    return result;
  }

  /** The programs' outputs (harness/edges, the native YAML programs): ids, tokens, reads. */
  private programOutputs(): Props {
    const byName = new Map(this.state.map((r) => [r.name, r]));
    const out: Props = {
      ids: Object.fromEntries(
        (this.program.resources ?? []).filter((r) => byName.has(r.name)).map((r) => [r.name, byName.get(r.name)!.id]),
      ),
    };
    if (this.program.tokens) {
      const made = (this.program.resources ?? []).filter((r) => hasToken(this.path, r.kind) && byName.has(r.name));
      out.tokens = Object.fromEntries(made.map((r) => [r.name, byName.get(r.name)!.outputs.token]));
    }
    if (this.program.reads)
      out.reads = Object.fromEntries(
        this.program.reads.map(({ name }) => [name, { id: byName.get(name)?.id, description: byName.get(name)?.outputs.description }]),
      );
    return out;
  }

  private encrypt(v: unknown): string {
    const iv = randomBytes(12);
    const c = createCipheriv("aes-256-gcm", this.key, iv);
    return `v1:${Buffer.concat([iv, c.update(JSON.stringify(reveal(v))), c.final(), c.getAuthTag()]).toString("base64")}`;
  }

  /** A value as `stack export` writes it: a secret as its ciphertext, or (`show`) its JSON text. */
  private stored = (v: unknown, show: boolean): unknown =>
    isSecret(v)
      ? { [SIG_KEY]: SECRET_SIG, ...(show ? { plaintext: JSON.stringify(reveal(v)) } : { ciphertext: this.encrypt(v) }) }
      : Array.isArray(v)
        ? v.map((x) => this.stored(x, show))
        : v !== null && typeof v === "object"
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, this.stored(x, show)]))
          : v;

  /** A resource as `preview --json` shows it: secrets "[secret]". */
  private shown = (r: StateResource) => ({ urn: r.urn, type: r.type, id: r.id, inputs: masked(r.inputs), outputs: masked(r.outputs) });

  private exportJson(show: boolean): string {
    const provider = this.path === "native" ? "edgeingress" : "pulumi-nodejs";
    const resources = [
      {
        urn: this.urn("pulumi:pulumi:Stack", `${PROJECT}-${this.name}`),
        custom: false,
        type: "pulumi:pulumi:Stack",
        outputs: this.stored(this.stackOutputs, show),
      },
      { urn: this.urn(`pulumi:providers:${provider}`, "default"), custom: true, id: "default", type: `pulumi:providers:${provider}` },
      ...this.state.map((r) => ({
        urn: r.urn,
        custom: true,
        id: r.id,
        type: r.type,
        inputs: this.stored(r.inputs, show),
        outputs: this.stored(r.outputs, show),
        ...(r.external ? { external: true } : {}),
        dependencies: r.dependencies,
        ...(r.additionalSecretOutputs.length ? { additionalSecretOutputs: r.additionalSecretOutputs } : {}),
      })),
    ];
    return JSON.stringify({ version: 3, deployment: { manifest: { magic: "protocol" }, resources } });
  }

  async exportState(): Promise<StateExport> {
    const raw = this.exportJson(false);
    const deployment = JSON.parse(raw) as StateExport["deployment"];
    return { code: 0, stdout: raw, stderr: "", raw, deployment, resources: deployment.deployment.resources ?? [] };
  }

  storedState(): string {
    return this.exportJson(false);
  }

  async outputs() {
    return {
      code: 0,
      stdout: JSON.stringify(reveal(this.stackOutputs)),
      stderr: "",
      outputs: reveal(this.stackOutputs) as Record<string, unknown>,
    };
  }

  /** The few other CLI commands the tables run: `stack export [--show-secrets]`, `stack output [name]`, `preview --diff`. */
  async run(args: string[]): Promise<CliResult> {
    if (args[0] === "stack" && args[1] === "export") {
      const stdout = this.exportJson(args.includes("--show-secrets"));
      return { code: 0, stdout, stderr: "" };
    }
    if (args[0] === "stack" && args[1] === "output") {
      const name = args.slice(2).find((a, i, all) => !a.startsWith("--") && !["--stack"].includes(all[i - 1]));
      const value = name ? this.stackOutputs[name] : this.stackOutputs;
      const stdout = args.includes("--show-secrets")
        ? JSON.stringify(reveal(value))
        : holdsSecret(value) && name
          ? "[secret]"
          : JSON.stringify(masked(value));
      return { code: 0, stdout: `${stdout}\n`, stderr: "" };
    }
    if (args[0] === "preview" && args.includes("--diff")) return this.previewDiff(args);
    throw new Error(`the protocol harness does not model \`pulumi ${args.join(" ")}\`: that is an engine test's`);
  }

  async remove(): Promise<void> {
    record(`state of stack ${this.name}`, this.storedState());
  }
}

/**
 * The protocol twin of useEngineStack and useNativeStack: an emulator and a ProtocolStack on `path`,
 * configured with the emulator's URL and root key (secret) as stack config.
 */
export function useProtocolStack<Program extends object = ProgramJson>(
  path: Path,
  emulatorOptions: EmulatorOptions = {},
): EngineFixture<Program> & { readonly api: Client; readonly protocol: ProtocolStack } {
  let started: Started | undefined;
  const stack = new ProtocolStack(path);
  beforeAll(async () => {
    started = await start({ ...emulatorOptions, log: emulatorLog(`protocol ${path} emulator`) });
    registerSecret("emulator root token (the provider's API key)", started.emulator.rootToken);
    await stack.setConfig("edgeingress:apiKey", { value: started.emulator.rootToken, secret: true });
    await stack.setConfig("edgeingress:apiUrl", { value: started.emulator.url });
  });
  afterAll(async () => {
    await stack.remove();
    await started?.close();
  });
  return {
    path,
    stack,
    protocol: stack,
    get client() {
      return started!.client as EdgeIngress;
    },
    get emulator() {
      return started!.emulator as RunningEmulator;
    },
    get api() {
      return started!.api;
    },
    setProgram: async (program) => stack.setConfig("program", { value: JSON.stringify(program) }),
    async setSecrets(secrets) {
      if (path === "dynamic") return stack.setConfig("secrets", { value: JSON.stringify(secrets), secret: true });
      for (const [k, value] of Object.entries(secrets)) await stack.setConfig(`secret_${k}`, { value, secret: true });
    },
    expresses: path === "native" ? nativeExpresses : () => true,
    outputs: async () => (await stack.outputs()).outputs as Record<string, any>,
    urn: (kind, name) => stack.urn(typeOf(path, kind), name),
  };
}
