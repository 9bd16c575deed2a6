/**
 * The benchmark: for each N, a throw-away stack of N mixed resources (bench/mix.ts) goes through
 * create, no-op preview, preview --refresh, a 10 % update and destroy against the emulator with
 * injected latency; each phase's wall time, API requests (the emulator's counters) and the provider's
 * peak memory are compared with the minimum and the engine-bound ideal.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { createStack, REPO_ROOT, type CliResult, type StateResource, type TestStack } from "../test/support/engine";
import { BenchEmulator, type Counters } from "./emulator";
import { idealRoundTrips, ProviderMemory, type Task } from "./measure";
import { mixedStack, touchedNames } from "./mix";

export const PHASES = ["create", "preview", "refresh", "update", "destroy"] as const;
export type Phase = (typeof PHASES)[number];

export interface BenchOptions {
  /** Stack sizes, e.g. [50, 200]. */
  sizes: number[];
  /** Injected latency of every API request, ms. */
  latencyMs: number;
  /** The engine's --parallel (PULUMI_PARALLEL); default the engine's own: 4 × the CPUs. */
  parallel?: number;
  /** PULUMI_SKIP_CHECKPOINTS: the engine saves state once at the end instead of after every step (for comparison only). */
  skipCheckpoints?: boolean;
  /** Emulator throughput: concurrent clients and seconds per measurement. */
  clients: number;
  seconds: number;
  log?: (line: string) => void;
}

export interface PhaseResult {
  phase: Phase;
  /** Wall time of the CLI command. */
  ms: number;
  /** API requests the emulator counted, and per route (`METHOD /pattern`). */
  requests: number;
  routes: Record<string, number>;
  /** The fewest requests the phase can make. */
  minimum: number;
  /** minimum × latency ÷ effective parallelism (ms), and the ratio of `ms` to it (null when 0). */
  idealMs: number;
  ratio: number | null;
  /** `ms` less the same phase on an empty stack (engine, language host, program and plugin start-up), and its ratio to the ideal. */
  netMs: number;
  netRatio: number | null;
  /** Requests the engine can overlap on average given --parallel and the dependencies. */
  effectiveParallelism: number | null;
  /** Peak resident memory of the dynamic provider process(es), kB (null where not measurable). */
  providerPeakKb: number | null;
}

export interface SizeRun {
  n: number;
  /** Resources changed by the update phase. */
  touched: number;
  /** Longest dependency chain of the stack. */
  depth: number;
  phases: PhaseResult[];
  /** Serialized `__provider` per resource (UTF-8 bytes; stored twice: inputs and outputs). */
  providerBytes: { mean: number; max: number };
  /** `pulumi stack export` after create. */
  stateBytes: number;
  stateBytesPerResource: number;
}

export interface BenchResult {
  date: string;
  /** `load`: the 1-minute load average at the start and the end (the machine may be shared). */
  machine: { cpus: number; node: string; pulumi: string; load: [number, number] };
  latencyMs: number;
  parallel: number;
  skipCheckpoints: boolean;
  /** The same phases on an empty stack: the fixed cost of each command. */
  baseline: SizeRun;
  runs: SizeRun[];
  /** How each figure of the largest N compares with the smallest's (1.0 = grew exactly as N did). */
  growth: { from: number; to: number; perPhase: Record<Phase, { netMs: number; requests: number }>; providerBytesPerResource: number; stateBytesPerResource: number; providerPeakKb: number | null } | null;
  throughput: { clients: number; seconds: number; readsPerSecond: number; writesPerSecond: number };
}

const TYPE_PREFIX = "pulumi-nodejs:dynamic/edgeingress:";
const PROGRAM = path.join(REPO_ROOT, "test", "fixtures", "edges");

export async function runBench(options: BenchOptions): Promise<BenchResult> {
  const log = options.log ?? (() => undefined);
  const parallel = options.parallel ?? 4 * os.availableParallelism();
  const loadAtStart = round(os.loadavg()[0], 1);
  const emulator = await BenchEmulator.start(options.latencyMs);
  try {
    const baseline = await runSize(emulator, 0, options, parallel, log);
    const runs: SizeRun[] = [];
    for (const n of options.sizes) {
      await emulator.resetState();
      runs.push(await runSize(emulator, n, options, parallel, log, baseline));
    }
    await emulator.setLatency(0);
    log(`throughput: ${options.clients} clients, ${options.seconds} s each for reads and writes`);
    const t = await emulator.throughput(options.clients, options.seconds);
    return {
      date: new Date().toISOString(),
      machine: { cpus: os.availableParallelism(), node: process.version, pulumi: pulumiVersion(), load: [loadAtStart, round(os.loadavg()[0], 1)] },
      latencyMs: options.latencyMs,
      parallel,
      skipCheckpoints: options.skipCheckpoints ?? false,
      baseline,
      runs,
      growth: growth(runs),
      throughput: { clients: options.clients, seconds: options.seconds, readsPerSecond: t.reads, writesPerSecond: t.writes },
    };
  } finally {
    await emulator.close();
  }
}

/** The task of the provider process's connection check (runtime/index.ts): one GET per command. */
export const CONNECTION_CHECK = "connection check";
/** Its route in the emulator's counters. */
export const CONNECTION_CHECK_ROUTE = "GET /api_keys";

async function runSize(emulator: BenchEmulator, n: number, options: BenchOptions, parallel: number, log: (line: string) => void, baseline?: SizeRun): Promise<SizeRun> {
  const stack = await createStack({
    programDir: PROGRAM,
    stackName: `bench-${n}`,
    checkNoChangesAfterUp: false,
    config: {
      "edgeingress:apiKey": { value: emulator.rootToken, secret: true },
      "edgeingress:apiUrl": { value: emulator.url },
      spec: { value: JSON.stringify({ resources: mixedStack(n) }) },
    },
    env: {
      EDGE_INGRESS_API_KEY: "",
      EDGE_INGRESS_API_URL: "",
      ...(options.parallel ? { PULUMI_PARALLEL: String(options.parallel) } : {}),
      ...(options.skipCheckpoints ? { PULUMI_SKIP_CHECKPOINTS: "true" } : {}),
    },
  });
  try {
    const memory = new ProviderMemory(stack.env.PULUMI_HOME!);
    const measured: Array<Pick<PhaseResult, "phase" | "ms" | "requests" | "routes" | "providerPeakKb">> = [];
    const phase = async (name: Phase, command: () => Promise<CliResult>): Promise<void> => {
      await emulator.resetCounters();
      memory.start();
      const started = performance.now();
      const result = await command();
      const ms = Math.round(performance.now() - started);
      const providerPeakKb = memory.stop();
      if (result.code !== 0) throw new Error(`${name} (N=${n}) failed with exit ${result.code}\n${result.stdout}\n${result.stderr}`);
      const counters = await emulator.counters();
      measured.push({ phase: name, ms, requests: counters.totals.requests, routes: perRoute(counters), providerPeakKb });
      log(`N=${n} ${name}: ${ms} ms, ${counters.totals.requests} requests`);
    };

    await phase("create", () => stack.up());
    const state = await stack.exportState();
    const resources = state.resources.filter((r) => r.custom && r.type.startsWith(TYPE_PREFIX));
    if (resources.length !== n) throw new Error(`expected ${n} resources in state, found ${resources.length}`);
    await phase("preview", () => stack.preview({ expectNoChanges: true }));
    await phase("refresh", () => stack.preview({ refresh: true, expectNoChanges: true }));
    await stack.setConfig("spec", { value: JSON.stringify({ resources: mixedStack(n, true) }) });
    await phase("update", () => stack.up());
    await phase("destroy", () => stack.destroy());

    const touched = new Set(touchedNames(n));
    const tasks = (cost: (r: StateResource) => number): Task[] =>
      resources.map((r) => ({ id: r.urn, after: (r.dependencies as string[] | undefined) ?? [], requests: cost(r) }));
    const reversed = (ts: Task[]): Task[] =>
      ts.map((t) => ({ ...t, after: ts.filter((o) => o.after.includes(t.id)).map((o) => o.id) })).reverse();
    const name = (r: StateResource) => r.urn.split("::").pop()!;
    // The minimum per phase: the provider process's one connection check (a GET, before anything
    // else), then one request per resource created, read or deleted; none for a no-op preview; one
    // PATCH per resource the update touches. Refresh reads have no order among them.
    const checked = (ts: Task[]): Task[] => [{ id: CONNECTION_CHECK, after: [], requests: 1 }, ...ts.map((t) => ({ ...t, after: [...t.after, CONNECTION_CHECK] }))];
    const plans: Record<Phase, Task[]> = {
      create: checked(tasks(() => 1)),
      preview: checked(tasks(() => 0)),
      refresh: checked(tasks(() => 1).map((t) => ({ ...t, after: [] }))),
      update: checked(tasks((r) => (touched.has(name(r)) ? 1 : 0))),
      destroy: checked(reversed(tasks(() => 1))),
    };
    const phases = measured.map((m): PhaseResult => {
      const plan = plans[m.phase];
      const minimum = plan.reduce((sum, t) => sum + t.requests, 0);
      const trips = idealRoundTrips(plan, parallel);
      const idealMs = trips * options.latencyMs;
      const netMs = m.ms - (baseline?.phases.find((b) => b.phase === m.phase)?.ms ?? 0);
      return {
        ...m,
        minimum,
        idealMs,
        ratio: idealMs > 0 ? round(m.ms / idealMs, 2) : null,
        netMs,
        netRatio: idealMs > 0 ? round(netMs / idealMs, 2) : null,
        effectiveParallelism: trips > 0 ? round(minimum / trips, 2) : null,
      };
    });
    const providerSizes = resources.map((r) => Buffer.byteLength(String(r.outputs?.__provider ?? "")));
    return {
      n,
      touched: touched.size,
      depth: idealRoundTrips(tasks(() => 1), n),
      phases,
      providerBytes: { mean: Math.round(providerSizes.reduce((a, b) => a + b, 0) / Math.max(n, 1)), max: Math.max(0, ...providerSizes) },
      stateBytes: Buffer.byteLength(state.raw),
      stateBytesPerResource: Math.round(Buffer.byteLength(state.raw) / Math.max(n, 1)),
    };
  } finally {
    await stack.remove();
  }
}

function perRoute(counters: Counters): Record<string, number> {
  return Object.fromEntries(Object.entries(counters.routes).map(([route, c]) => [route, c.requests]));
}

function growth(runs: SizeRun[]): BenchResult["growth"] {
  if (runs.length < 2) return null;
  const [a, b] = [runs[0], runs[runs.length - 1]];
  const scale = b.n / a.n;
  // Per-N growth: 1.0 when the figure grew exactly as N did.
  const rel = (x: number, y: number) => (x > 0 ? round(y / x / scale, 2) : 0);
  const perPhase = Object.fromEntries(
    PHASES.map((p) => {
      const [pa, pb] = [a.phases.find((x) => x.phase === p)!, b.phases.find((x) => x.phase === p)!];
      return [p, { netMs: rel(pa.netMs, pb.netMs), requests: rel(pa.requests, pb.requests) }];
    }),
  ) as Record<Phase, { netMs: number; requests: number }>;
  const peak = (r: SizeRun) => Math.max(...r.phases.map((p) => p.providerPeakKb ?? 0));
  return {
    from: a.n,
    to: b.n,
    perPhase,
    providerBytesPerResource: round(b.providerBytes.mean / a.providerBytes.mean, 2),
    stateBytesPerResource: round(b.stateBytesPerResource / a.stateBytesPerResource, 2),
    providerPeakKb: peak(a) > 0 ? round(peak(b) / peak(a), 2) : null,
  };
}

function pulumiVersion(): string {
  return JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")).devDependencies["@pulumi/pulumi"];
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;
