/**
 * The benchmark's rate-limit mode (`npm run bench -- --rate-limit <n>`): k stacks of one IP policy, N
 * rules and one IP restriction go through create, no-op preview, preview --refresh, an update of every
 * rule's description and destroy against an emulator whose account is limited to n requests a minute.
 * Each phase's wall time is set against the time the limit imposes on the requests it let through; the
 * floor is left out (this mode measures the provider against the limit, not against the floor).
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { CliResult, TestStack } from "../harness/engine";
import { BenchEmulator, type Counters, type RateLimitSettings, type WireRateLimit } from "./emulator";
import { load1 } from "./measure";
import type { Res } from "./mix";
import { benchStack, PHASES, PROGRAM, pulumiVersion, type Phase } from "./run";

/** Distinct /32s per stack: `10.<stack>.<i div 256>.<i mod 256>`. */
export const MAX_RULES = 65536;
export const MAX_STACKS = 256;

export interface RateLimitOptions {
  /** The account's limit, requests per minute, and the emulator's limiter settings (burst: the emulator's default when absent). */
  limit: Required<Pick<RateLimitSettings, "perMinute" | "retryAfter" | "headers">> & Pick<RateLimitSettings, "burst">;
  /** IP policy rules per stack. */
  rules: number;
  /** Stacks run together, phase by phase, on the one account. */
  stacks: number;
  /** Injected latency of every request the limit lets through, ms. */
  latencyMs: number;
  /** The engine's --parallel; default its own (4 × the CPUs). */
  parallel?: number;
  /**
   * The phases measured (default all). The others still run, in order, to bring the stacks where the
   * measured ones start, but with the account's limit lifted, and are not reported.
   */
  phases?: readonly Phase[];
  log?: (line: string) => void;
}

/** One stack's command in a phase; a failed one is recorded with the end of its output. */
export interface StackRun {
  stack: string;
  ms: number;
  exitCode: number;
  /** The last lines of a failed command's output (stderr, then stdout). */
  output?: string;
  /** This stack's ms ÷ the phase's (combined) minimum, set by phaseFigures; null without a minimum. */
  ratio?: number | null;
}

export interface RouteCount {
  requests: number;
  rateLimited: number;
}

/** A target of issue 23 beside the figure it is about; `met` null where it does not apply (no minimum). */
export interface Target {
  name: string;
  value: number | null;
  limit: number;
  met: boolean | null;
}

export interface RateLimitPhase {
  phase: Phase;
  /** Requests the emulator counted (all stacks), refused ones included, and of those the 429s of the limit. */
  requests: number;
  rateLimited: number;
  accepted: number;
  /** rateLimited ÷ requests (0 without requests). */
  share: number;
  /** Wall ms of the slowest stack's command (all started together). */
  ms: number;
  stacks: StackRun[];
  /** max(0, accepted − burst) ÷ rate in ms: the least time the limit allows those requests, the bucket full at the start. */
  minimumMs: number;
  /** ms ÷ minimumMs (null when the minimum is 0: everything fit in the burst). */
  ratio: number | null;
  /**
   * From the first to the last request the limit let through (the emulator's clock), ms: the account's
   * time at the limit, without the commands' start-up and wind-down. Null without the times.
   */
  spanMs: number | null;
  /** spanMs ÷ minimumMs: how fully the stacks used the account while they sent requests (null as ratio). */
  spanRatio: number | null;
  /** Commands of this phase that exited non-zero. */
  failed: number;
  routes: Record<string, RouteCount>;
  targets: Target[];
}

export interface RateLimitResult {
  mode: "rate-limit";
  date: string;
  machine: { cpus: number; node: string; pulumi: string; load: [number, number] };
  latencyMs: number;
  parallel: number;
  /** The limit as the emulator reported it (burst resolved). */
  rateLimit: WireRateLimit;
  rules: number;
  stacks: number;
  /** How each phase's bucket starts (the minimum depends on it). */
  bucket: string;
  phases: RateLimitPhase[];
  failedCommands: number;
  /** Targets not met, as `<phase>: <target>` (targets that do not apply are left out). */
  notMet: string[];
}

export const BUCKET = "full at the start of every phase: refilled through the admin API before each";

/** One stack: a policy, `rules` rules on it with distinct CIDRs, a restriction on the policy; `update` changes every rule's description. */
export function rulesStack(rules: number, stack = 0, update = false): Res[] {
  return [
    { kind: "IpPolicy", name: "policy", args: { description: `allowlist ${stack}` } },
    ...Array.from({ length: rules }, (_, i) => ({
      kind: "IpPolicyRule",
      name: `rule-${i}`,
      args: {
        ipPolicyId: "@policy",
        cidr: `10.${stack}.${i >> 8}.${i & 255}/32`,
        action: "allow",
        description: `rule ${i}${update ? " v2" : ""}`,
      },
    })),
    {
      kind: "IpRestriction",
      name: "restriction",
      args: { description: `allowlist ${stack}`, type: "endpoints", ipPolicyIds: ["@policy"] },
    },
  ];
}

/** The least ms `accepted` requests take at `perMinute` when the bucket holds `burst` tokens at the start. */
export function limitMinimumMs(accepted: number, burst: number, perMinute: number): number {
  return Math.round((Math.max(0, accepted - burst) / perMinute) * 60_000);
}

/** Per phase, what issue 23 asks; request targets are per stack, so k stacks get k times them. */
export function phaseTargets(phase: Omit<RateLimitPhase, "targets">, stacks: number): Target[] {
  const at = (name: string, value: number | null, limit: number): Target => ({
    name,
    value,
    limit,
    met: value === null ? null : value <= limit,
  });
  const out: Target[] = [];
  if (phase.phase === "create" || phase.phase === "update" || phase.phase === "destroy") {
    // Stacks sharing the account: the slower one against the combined minimum.
    out.push(at("wall ÷ minimum", phase.ratio, stacks > 1 ? 1.15 : 1.1));
  }
  if (phase.phase === "preview") out.push(at("requests", phase.requests, 2 * stacks));
  if (phase.phase === "refresh") out.push(at("requests", phase.requests, 15 * stacks), at("wall ms", phase.ms, 30_000));
  out.push(at("429 share", phase.share, 0.1), at("failed commands", phase.failed, 0));
  return out;
}

/** A phase's figures from the emulator's counters after it and each stack's command. */
export function phaseFigures(phase: Phase, counters: Counters, runs: StackRun[], limit: WireRateLimit): RateLimitPhase {
  const routes = Object.fromEntries(
    Object.entries(counters.routes).map(([route, c]) => [route, { requests: c.requests, rateLimited: c.rate_limited ?? 0 }]),
  );
  const requests = counters.totals.requests;
  const rateLimited = counters.totals.rate_limited ?? 0;
  const accepted = requests - rateLimited;
  const ms = Math.max(0, ...runs.map((r) => r.ms));
  const minimumMs = limitMinimumMs(accepted, limit.burst, limit.per_minute);
  const { first, last } = counters.accepted ?? { first: null, last: null };
  const spanMs = first !== null && last !== null ? Date.parse(last) - Date.parse(first) : null;
  const figures = {
    phase,
    requests,
    rateLimited,
    accepted,
    share: requests > 0 ? round(rateLimited / requests, 3) : 0,
    ms,
    stacks: runs.map((r) => ({ ...r, ratio: minimumMs > 0 ? round(r.ms / minimumMs, 2) : null })),
    minimumMs,
    ratio: minimumMs > 0 ? round(ms / minimumMs, 2) : null,
    spanMs,
    spanRatio: minimumMs > 0 && spanMs !== null ? round(spanMs / minimumMs, 2) : null,
    failed: runs.filter((r) => r.exitCode !== 0).length,
    routes,
  };
  return { ...figures, targets: phaseTargets(figures, runs.length) };
}

/** The whole result from the phases: failed commands and targets not met summed up. */
export function rateLimitResult(
  phases: RateLimitPhase[],
  setup: Omit<RateLimitResult, "mode" | "phases" | "failedCommands" | "notMet" | "bucket">,
): RateLimitResult {
  return {
    mode: "rate-limit",
    ...setup,
    bucket: BUCKET,
    phases,
    failedCommands: phases.reduce((sum, p) => sum + p.failed, 0),
    notMet: phases.flatMap((p) => p.targets.filter((t) => t.met === false).map((t) => `${p.phase}: ${targetText(t)}`)),
  };
}

/** The end of a failed command's output, without the emulator's root token. */
export function failureOutput(result: CliResult, secret: string, max = 4000): string {
  const text = `${result.stderr}\n${result.stdout}`.split(secret).join("[root token]").trim();
  return text.length > max ? `…${text.slice(-max)}` : text;
}

export async function runRateLimitBench(options: RateLimitOptions): Promise<RateLimitResult> {
  const log = options.log ?? (() => undefined);
  const parallel = options.parallel ?? 4 * os.availableParallelism();
  const loadAtStart = load1();
  const emulator = await BenchEmulator.start(options.latencyMs, options.limit);
  const resourcesDir = fs.mkdtempSync(path.join(os.tmpdir(), "ei-bench-rate-limit-"));
  const stacks: Array<{ stack: TestStack; updateFile: string }> = [];
  try {
    const limit = await emulator.rateLimit();
    if (limit === null)
      throw new Error("the emulator started without its rate limit (is dist/ built from a tree with the emulator's limiter?)");
    const programFile = (i: number, update: boolean) => {
      const file = path.join(resourcesDir, `stack-${i}-${update ? "update" : "create"}.json`);
      fs.writeFileSync(file, JSON.stringify({ resources: rulesStack(options.rules, i, update) }));
      return file;
    };
    for (let i = 0; i < options.stacks; i++) {
      const name = options.stacks > 1 ? `rate-limit-${options.rules}-${i}` : `rate-limit-${options.rules}`;
      stacks.push({
        stack: await benchStack(emulator, PROGRAM, name, programFile(i, false), { parallel: options.parallel }),
        updateFile: programFile(i, true),
      });
    }
    const phases: RateLimitPhase[] = [];
    const phase = async (name: Phase, command: (stack: TestStack) => Promise<CliResult>): Promise<void> => {
      if (options.phases && !options.phases.includes(name)) {
        await emulator.setRateLimit(null);
        for (const { stack } of stacks) {
          const result = await command(stack);
          if (result.code !== 0)
            throw new Error(`${stack.name} ${name} (unmeasured, unlimited) failed:\n${failureOutput(result, emulator.rootToken)}`);
        }
        await emulator.setRateLimit(limit);
        log(`${name}: run without the limit, not measured`);
        return;
      }
      await emulator.refillBucket();
      await emulator.resetCounters();
      // Started together: the stacks share the account's bucket as two pipelines would.
      const runs = await Promise.all(
        stacks.map(async ({ stack }): Promise<StackRun> => {
          const started = performance.now();
          const result = await command(stack);
          const run: StackRun = { stack: stack.name, ms: Math.round(performance.now() - started), exitCode: result.code };
          return result.code === 0 ? run : { ...run, output: failureOutput(result, emulator.rootToken) };
        }),
      );
      const figures = phaseFigures(name, await emulator.counters(), runs, limit);
      phases.push(figures);
      const walls = runs.map((r) => `${r.stack} ${r.ms} ms${r.exitCode === 0 ? "" : ` FAILED (exit ${r.exitCode})`}`).join(", ");
      log(
        `${name}: ${walls}; ${figures.requests} requests, ${figures.rateLimited} answered 429; minimum ${figures.minimumMs} ms, ratio ${figures.ratio ?? "–"}`,
      );
      for (const r of runs) if (r.output !== undefined) log(`${r.stack} ${name} output:\n${r.output}`);
    };
    await phase("create", (s) => s.up());
    await phase("preview", (s) => s.preview({ expectNoChanges: true }));
    await phase("refresh", (s) => s.preview({ refresh: true, expectNoChanges: true }));
    for (const { stack, updateFile } of stacks) await stack.setConfig("programFile", { value: updateFile });
    await phase("update", (s) => s.up());
    await phase("destroy", (s) => s.destroy());
    if (phases.map((p) => p.phase).join() !== PHASES.filter((p) => !options.phases || options.phases.includes(p)).join())
      throw new Error(`phases out of step: ${phases.map((p) => p.phase).join(", ")}`);
    return rateLimitResult(phases, {
      date: new Date().toISOString(),
      machine: { cpus: os.availableParallelism(), node: process.version, pulumi: pulumiVersion(), load: [loadAtStart, load1()] },
      latencyMs: options.latencyMs,
      parallel,
      rateLimit: limit,
      rules: options.rules,
      stacks: options.stacks,
    });
  } finally {
    for (const { stack } of stacks)
      await stack.remove().catch((e: unknown) => log(`removing ${stack.name}: ${e instanceof Error ? e.message : String(e)}`));
    fs.rmSync(resourcesDir, { recursive: true, force: true });
    await emulator.close();
  }
}

function targetText(t: Target): string {
  const limit = t.name === "wall ÷ minimum" ? `${t.limit}×` : t.name === "429 share" ? `${t.limit * 100} %` : `${t.limit}`;
  const value =
    t.value === null
      ? "–"
      : t.name === "429 share"
        ? `${round(t.value * 100, 1)} %`
        : t.name === "wall ÷ minimum"
          ? `${t.value}×`
          : `${t.value}`;
  const verdict = t.met === null ? "n/a (no minimum)" : t.met ? "met" : "NOT met";
  return `${t.name} ${value} ≤ ${limit}: ${verdict}`;
}

/** The table printed after a run. */
export function rateLimitTable(result: RateLimitResult): string {
  const l = result.rateLimit;
  const several = result.stacks > 1;
  const lines = [
    `rate limit ${l.per_minute}/min (burst ${l.burst}, Retry-After ${l.retry_after ? "on" : "off"}, RateLimit-* headers ${l.headers ? "on" : "off"}), ` +
      `${result.stacks} × ${result.rules} rules (+ a policy and a restriction each), latency ${result.latencyMs} ms, --parallel ${result.parallel}, ` +
      `${result.machine.cpus} CPUs (load ${result.machine.load.join(" → ")}); bucket ${result.bucket}`,
    `minimum = max(0, accepted − burst) ÷ rate${several ? " (all stacks' requests on the one account); wall = the slower stack's" : ""}; ` +
      "span = first to last accepted request on the emulator's clock (the account's time at the limit, without the commands' start-up)",
    "",
    `| phase | requests | 429s | 429 share | accepted | wall ms |${several ? " wall ms per stack (÷ minimum) |" : ""} minimum ms | ratio | span ms (÷ minimum) | failed | targets |`,
    `|---|---|---|---|---|---|${several ? "---|" : ""}---|---|---|---|---|`,
  ];
  for (const p of result.phases) {
    const cells = [p.phase, p.requests, p.rateLimited, `${round(p.share * 100, 1)} %`, p.accepted, p.ms];
    if (several) cells.push(p.stacks.map((s) => `${s.ms}${s.ratio == null ? "" : ` (${s.ratio}×)`}`).join(", "));
    const span = p.spanMs === null ? "–" : `${p.spanMs}${p.spanRatio === null ? "" : ` (${p.spanRatio}×)`}`;
    cells.push(p.minimumMs, p.ratio === null ? "–" : `${p.ratio}×`, span, p.failed, p.targets.map(targetText).join("; "));
    lines.push(`| ${cells.join(" | ")} |`);
  }
  lines.push(
    "",
    `failed commands: ${result.failedCommands}; targets not met: ${result.notMet.length === 0 ? "none" : result.notMet.join("; ")}`,
  );
  return lines.join("\n");
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

/** After `--both-modes`: per phase with a minimum, the slower stack's wall and the span ÷ the minimum in each Retry-After mode. */
export function modesSummary(results: RateLimitResult[]): string {
  const lines = [
    "| phase | " +
      results.map((r) => `Retry-After ${r.rateLimit.retry_after ? "on" : "off"}: ratio, span ratio (429 share)`).join(" | ") +
      " |",
  ];
  lines.push(`|---|${results.map(() => "---|").join("")}`);
  const phases = results[0].phases.filter((p) => p.minimumMs > 0).map((p) => p.phase);
  for (const phase of phases) {
    const cells = results.map((r) => {
      const p = r.phases.find((q) => q.phase === phase);
      return p ? `${p.ratio ?? "–"}×, ${p.spanRatio ?? "–"}× (${round(p.share * 100, 1)} %)` : "–";
    });
    lines.push(`| ${phase} | ${cells.join(" | ")} |`);
  }
  return lines.join("\n");
}
