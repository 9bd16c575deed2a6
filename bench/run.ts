/**
 * The benchmark: for each N, a throw-away stack of N mixed resources (bench/mix.ts) goes through
 * create, no-op preview, preview --refresh, a 10 % update and destroy against the emulator with
 * injected latency; each phase's wall time, API requests (the emulator's counters), and CPU and peak
 * memory of each process are compared with the minimum, the engine-bound ideal, and the floor: the same
 * N resources as no-op dynamic resources (bench/floor) through the same phases.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { createStack, REPO_ROOT, type CliResult, type StateExport, type StateResource, type TestStack } from "../harness/engine";
import { BenchEmulator, type Counters } from "./emulator";
import {
  idealRoundTrips,
  load1,
  packageLoad,
  PROCESS_CLASSES,
  ProcessMonitor,
  type PackageLoad,
  type ProcessClass,
  type ProcessReport,
  type Task,
} from "./measure";
import { mixedStack, touchedNames } from "./mix";

export const PHASES = ["create", "preview", "refresh", "update", "destroy"] as const;
export type Phase = (typeof PHASES)[number];

export interface BenchOptions {
  /** Stack sizes, e.g. [200, 1000]; 0 (the empty stack) always runs first, as the baseline. */
  sizes: number[];
  /** Injected latency of every API request, ms. */
  latencyMs: number;
  /** The engine's --parallel (PULUMI_PARALLEL); default the engine's own: 4 × the CPUs. */
  parallel?: number;
  /** PULUMI_SKIP_CHECKPOINTS: the engine saves state once at the end instead of after every step (for comparison only). */
  skipCheckpoints?: boolean;
  /**
   * Runs of each stack (mix and floor alternately) per N; each figure is then its median over the runs,
   * so that one noisy run does not make a ratio (default 1).
   */
  repeat?: number;
  /**
   * Profiles every phase into `<dir>/<stack>-<phase>/`: the engine's Go profiles (`pulumi --profiling`)
   * and V8 profiles of the program and provider processes (bench/profile-hook.ts). Profiling costs CPU:
   * a run's times are then not comparable with others'.
   */
  profileDir?: string;
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
  /** Peak resident memory of the dynamic provider process(es), kB (null where not measurable): `processes.byClass.provider.peakKb`. */
  providerPeakKb: number | null;
  /** CPU of the emulator serving the phase's requests: the service's work, not ours (the floor's is its idle ticks). */
  emulatorCpuMs: number;
  /** CPU, peak memory and bytes written per kind of process (bench/measure.ts). */
  processes: ProcessReport;
  /** The 1-minute load average when the phase ended. */
  load: number;
  /** Wall ms of each run of the phase (one per --repeat); the figures above are medians over them. */
  msRuns: number[];
}

/** Figures of one stack (the mix or the floor) at one N. */
export interface StackFigures {
  phases: PhaseResult[];
  /** Serialized `__provider` per resource (UTF-8 bytes; stored twice: inputs and outputs). */
  providerBytes: { mean: number; max: number };
  /** `pulumi stack export` after create (indented JSON). */
  stateBytes: number;
  stateBytesPerResource: number;
  /** The checkpoint file after create, as the file backend stores it (compact JSON): what every save rewrites. */
  storedBytes: number;
  storedBytesPerResource: number;
}

/** A figure of the mix ÷ the same figure of the floor (null where the floor's is 0 or unknown). */
export interface PhaseRatio {
  phase: Phase;
  ms: number | null;
  /** The whole process tree's CPU. */
  treeCpuMs: number | null;
  cpuMs: Record<ProcessClass, number | null>;
  peakKb: Record<ProcessClass, number | null>;
  /** The floor makes none: always null, the mix's requests are compared with the minimum instead. */
  requests: number | null;
}

export interface FloorRun extends StackFigures {
  /** Kinds whose input or output property names in state differ between the mix and the floor (should be none). */
  shapeMismatches: string[];
}

/** The mix at one N (its figures at the top level), the floor beside it, and the ratios of the two. */
export interface SizeRun extends StackFigures {
  n: number;
  /** Resources changed by the update phase. */
  touched: number;
  /** Longest dependency chain of the stack. */
  depth: number;
  floor: FloorRun;
  vsFloor: { phases: PhaseRatio[]; stateBytes: number | null; storedBytes: number | null; providerBytes: number | null };
}

/** Per-resource growth of one phase from the smallest N to the largest (1.0 = grew exactly as N did). */
export interface PhaseGrowth {
  /** Wall time less N = 0's. */
  netMs: number;
  requests: number;
  /** CPU of each kind of process less N = 0's. */
  cpuMs: Record<ProcessClass, number>;
  /** The floor's wall time and engine CPU, the same way. */
  floorNetMs: number;
  floorEngineCpuMs: number;
}

export interface BenchResult {
  date: string;
  /** `load`: the 1-minute load average at the start and the end (the machine may be shared). */
  machine: { cpus: number; node: string; pulumi: string; load: [number, number] };
  latencyMs: number;
  parallel: number;
  skipCheckpoints: boolean;
  /** Runs per stack and N; every phase figure is the median over them. */
  repeat: number;
  /** Polling interval of the per-process figures, ms. */
  pollMs: number;
  /** The same phases on an empty stack (N = 0; mix and floor): the fixed cost of each command. */
  baseline: SizeRun;
  runs: SizeRun[];
  /** How each figure of the largest N compares with the smallest's (1.0 = grew exactly as N did). */
  growth: {
    from: number;
    to: number;
    perPhase: Record<Phase, PhaseGrowth>;
    providerBytesPerResource: number;
    stateBytesPerResource: number;
    providerPeakKb: number | null;
  } | null;
  throughput: { clients: number; seconds: number; readsPerSecond: number; writesPerSecond: number };
  /** Loading the package in a program, over `@pulumi/pulumi` alone (median of fresh processes). */
  load: PackageLoad;
  /** With --profile: CPU ms by area per `<stack>-<phase>` and process role (bench/profile.ts). */
  profile?: Record<string, Record<string, Record<string, number>>>;
}

const TYPE_PREFIX = "pulumi-nodejs:dynamic/edgeingress:";
const FLOOR_TYPE_PREFIX = "pulumi-nodejs:dynamic/floor:";
/** The mix's program: harness/edges's, reading the spec from a file (config is limited to 128 KB). */
export const PROGRAM = path.join(REPO_ROOT, "harness", "edges");
const FLOOR_PROGRAM = path.join(REPO_ROOT, "bench", "floor");
/** How often /proc is polled for the per-process figures, ms. */
export const POLL_MS = 100;

export async function runBench(options: BenchOptions): Promise<BenchResult> {
  const log = options.log ?? (() => undefined);
  const parallel = options.parallel ?? 4 * os.availableParallelism();
  const loadAtStart = load1();
  const emulator = await BenchEmulator.start(options.latencyMs);
  try {
    const baseline = await runSize(emulator, 0, options, parallel, log);
    const runs: SizeRun[] = [];
    for (const n of [...new Set(options.sizes)].filter((n) => n > 0)) {
      runs.push(await runSize(emulator, n, options, parallel, log, baseline));
    }
    await emulator.setLatency(0);
    log(`throughput: ${options.clients} clients, ${options.seconds} s each for reads and writes`);
    const t = await emulator.throughput(options.clients, options.seconds);
    return {
      date: new Date().toISOString(),
      machine: { cpus: os.availableParallelism(), node: process.version, pulumi: pulumiVersion(), load: [loadAtStart, load1()] },
      latencyMs: options.latencyMs,
      parallel,
      skipCheckpoints: options.skipCheckpoints ?? false,
      repeat: options.repeat ?? 1,
      pollMs: POLL_MS,
      baseline,
      runs,
      growth: growth(baseline, runs),
      throughput: { clients: options.clients, seconds: options.seconds, readsPerSecond: t.reads, writesPerSecond: t.writes },
      load: packageLoad(REPO_ROOT),
    };
  } finally {
    await emulator.close();
  }
}

/** The task of the provider process's connection check (runtime/index.ts): one GET per command. */
export const CONNECTION_CHECK = "connection check";
/** Its route in the emulator's counters. */
export const CONNECTION_CHECK_ROUTE = "GET /api_keys";

type Measured = Pick<PhaseResult, "phase" | "ms" | "requests" | "routes" | "emulatorCpuMs" | "providerPeakKb" | "processes" | "load">;

/**
 * The median of each figure over runs of the same shape (numbers; null where a run has none; lists
 * joined; anything else from the first run). With an even count, the mean of the middle two.
 */
export function medianOf<T>(runs: T[]): T {
  const [first] = runs;
  if (typeof first === "number" || (first === null && runs.some((r) => typeof r === "number"))) {
    const xs = runs.filter((r): r is number & T => typeof r === "number").sort((a, b) => a - b);
    const mid = xs.length / 2;
    return (xs.length % 2 ? xs[Math.floor(mid)] : (xs[mid - 1] + xs[mid]) / 2) as T;
  }
  if (Array.isArray(first)) return [...new Set(runs.flatMap((r) => r as unknown[]))] as T;
  if (first !== null && typeof first === "object") {
    const keys = [...new Set(runs.flatMap((r) => Object.keys(r as object)))];
    return Object.fromEntries(keys.map((k) => [k, medianOf(runs.map((r) => (r as Record<string, unknown>)[k] ?? null))])) as T;
  }
  return first;
}

/** Each phase's figures as medians over repeated runs of one stack, with every run's wall time. */
function medianPhases(runs: Measured[][]): Array<Measured & { msRuns: number[] }> {
  return runs[0].map((_, i) => ({ ...medianOf(runs.map((r) => r[i])), msRuns: runs.map((r) => r[i].ms) }));
}

/** One stack through the five phases: the raw figures, the state after create and its resources of `prefix`. */
async function runPhases(
  emulator: BenchEmulator,
  programDir: string,
  stackName: string,
  n: number,
  prefix: string,
  options: BenchOptions,
  log: (line: string) => void,
): Promise<{ measured: Measured[]; state: StateExport; stored: string; resources: StateResource[] }> {
  // The program goes in a file: the language host passes config in one environment variable (at most 128 KB).
  const resourcesDir = fs.mkdtempSync(path.join(os.tmpdir(), "ei-bench-program-"));
  const programFile = (update: boolean) => {
    const file = path.join(resourcesDir, update ? "update.json" : "create.json");
    fs.writeFileSync(file, JSON.stringify({ resources: mixedStack(n, update) }));
    return file;
  };
  let created: TestStack | undefined;
  try {
    const stack = (created = await benchStack(emulator, programDir, stackName, programFile(false), options));
    const monitor = new ProcessMonitor(POLL_MS);
    const measured: Measured[] = [];
    const phase = async (name: Phase, command: () => Promise<CliResult>): Promise<void> => {
      const restore = options.profileDir ? profilePhase(stack, path.join(options.profileDir, `${stackName}-${name}`)) : () => undefined;
      await emulator.resetCounters();
      monitor.start();
      const emulatorCpu = emulator.cpuMs();
      const started = performance.now();
      const result = await command();
      const ms = Math.round(performance.now() - started);
      const processes = monitor.stop();
      const emulatorCpuMs = emulator.cpuMs() - emulatorCpu;
      restore();
      if (result.code !== 0) throw new Error(`${stackName} ${name} failed with exit ${result.code}\n${result.stdout}\n${result.stderr}`);
      const counters = await emulator.counters();
      const load = load1();
      measured.push({
        phase: name,
        ms,
        requests: counters.totals.requests,
        routes: perRoute(counters),
        emulatorCpuMs,
        providerPeakKb: processes.byClass.provider.peakKb,
        processes,
        load,
      });
      const cpu = PROCESS_CLASSES.map((c) => `${c} ${processes.byClass[c].cpuMs}`).join(", ");
      log(
        `${stackName} ${name}: ${ms} ms, ${counters.totals.requests} requests; CPU ms ${cpu}, tree ${processes.treeCpuMs}, emulator ${emulatorCpuMs}; load ${load}`,
      );
    };

    await phase("create", () => stack.up());
    const state = await stack.exportState();
    const stored = stack.storedState();
    const resources = state.resources.filter((r) => r.custom && r.type.startsWith(prefix));
    if (resources.length !== n) throw new Error(`${stackName}: expected ${n} resources in state, found ${resources.length}`);
    await phase("preview", () => stack.preview({ expectNoChanges: true }));
    await phase("refresh", () => stack.preview({ refresh: true, expectNoChanges: true }));
    await stack.setConfig("programFile", { value: programFile(true) });
    await phase("update", () => stack.up());
    await phase("destroy", () => stack.destroy());
    return { measured, state, stored, resources };
  } finally {
    await created?.remove();
    fs.rmSync(resourcesDir, { recursive: true, force: true });
  }
}

/**
 * A throw-away stack of `programDir` against the emulator with its root token, declaring the resources in
 * `programFile` (a file: the language host passes config in one environment variable, at most 128 KB).
 */
export function benchStack(
  emulator: BenchEmulator,
  programDir: string,
  stackName: string,
  programFile: string,
  options: { parallel?: number; skipCheckpoints?: boolean },
): Promise<TestStack> {
  return createStack({
    programDir,
    stackName,
    checkNoChangesAfterUp: false,
    // What users get without setting NODE_COMPILE_CACHE.
    compileCache: false,
    config: {
      "edgeingress:apiKey": { value: emulator.rootToken, secret: true },
      "edgeingress:apiUrl": { value: emulator.url },
      programFile: { value: programFile },
    },
    env: {
      EDGE_INGRESS_API_KEY: "",
      EDGE_INGRESS_API_URL: "",
      ...(options.parallel ? { PULUMI_PARALLEL: String(options.parallel) } : {}),
      ...(options.skipCheckpoints ? { PULUMI_SKIP_CHECKPOINTS: "true" } : {}),
    },
  });
}

/** Sets the stack's next commands to write profiles into `dir`; returns what undoes it. */
function profilePhase(stack: TestStack, dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const saved = { options: stack.env.NODE_OPTIONS, dir: stack.env.EI_BENCH_PROFILE_DIR };
  stack.env.NODE_OPTIONS = [saved.options, `--require ${path.join(__dirname, "profile-hook.js")}`].filter(Boolean).join(" ");
  stack.env.EI_BENCH_PROFILE_DIR = dir;
  stack.extraArgs.push("--profiling", path.join(dir, "engine"));
  return () => {
    stack.extraArgs.length = 0;
    for (const [key, value] of [
      ["NODE_OPTIONS", saved.options],
      ["EI_BENCH_PROFILE_DIR", saved.dir],
    ] as const) {
      if (value === undefined) delete stack.env[key];
      else stack.env[key] = value;
    }
  };
}

function stackFigures(n: number, state: StateExport, stored: string, resources: StateResource[]): Omit<StackFigures, "phases"> {
  const providerSizes = resources.map((r) => Buffer.byteLength(String((r.outputs?.__provider as string | undefined) ?? "")));
  return {
    providerBytes: { mean: Math.round(providerSizes.reduce((a, b) => a + b, 0) / Math.max(n, 1)), max: Math.max(0, ...providerSizes) },
    stateBytes: Buffer.byteLength(state.raw),
    stateBytesPerResource: Math.round(Buffer.byteLength(state.raw) / Math.max(n, 1)),
    storedBytes: Buffer.byteLength(stored),
    storedBytesPerResource: Math.round(Buffer.byteLength(stored) / Math.max(n, 1)),
  };
}

async function runSize(
  emulator: BenchEmulator,
  n: number,
  options: BenchOptions,
  parallel: number,
  log: (line: string) => void,
  baseline?: SizeRun,
): Promise<SizeRun> {
  await emulator.resetState();
  // Mix and floor alternately, so that a change of the machine's load falls on both.
  const mixRuns: Array<Awaited<ReturnType<typeof runPhases>>> = [];
  const floorRuns: typeof mixRuns = [];
  for (let i = 0; i < (options.repeat ?? 1); i++) {
    mixRuns.push(await runPhases(emulator, PROGRAM, `bench-${n}`, n, TYPE_PREFIX, options, log));
    floorRuns.push(await runPhases(emulator, FLOOR_PROGRAM, `floor-${n}`, n, FLOOR_TYPE_PREFIX, options, log));
  }
  // State and sizes from the first run (every run declares the same stack).
  const mix = { ...mixRuns[0], measured: medianPhases(mixRuns.map((r) => r.measured)) };
  const floor = { ...floorRuns[0], measured: medianPhases(floorRuns.map((r) => r.measured)) };
  const { resources } = mix;

  const touched = new Set(touchedNames(n));
  const tasks = (cost: (r: StateResource) => number): Task[] =>
    resources.map((r) => ({ id: r.urn, after: (r.dependencies as string[] | undefined) ?? [], requests: cost(r) }));
  const reversed = (ts: Task[]): Task[] =>
    ts.map((t) => ({ ...t, after: ts.filter((o) => o.after.includes(t.id)).map((o) => o.id) })).reverse();
  const name = (r: StateResource) => r.urn.split("::").pop()!;
  // The minimum per phase: the provider process's one connection check (a GET, before anything
  // else), then one request per resource created, read or deleted; none for a no-op preview; one
  // PATCH per resource the update touches. Refresh reads have no order among them.
  // An empty stack starts no provider process, so makes no check.
  const checked = (ts: Task[]): Task[] =>
    n === 0 ? ts : [{ id: CONNECTION_CHECK, after: [], requests: 1 }, ...ts.map((t) => ({ ...t, after: [...t.after, CONNECTION_CHECK] }))];
  const plans: Record<Phase, Task[]> = {
    create: checked(tasks(() => 1)),
    preview: checked(tasks(() => 0)),
    refresh: checked(tasks(() => 1).map((t) => ({ ...t, after: [] }))),
    update: checked(tasks((r) => (touched.has(name(r)) ? 1 : 0))),
    destroy: checked(reversed(tasks(() => 1))),
  };
  const mixPhases = mix.measured.map((m): PhaseResult => {
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
  // The floor makes no request: its minimum and ideal are 0.
  const floorPhases = floor.measured.map((m): PhaseResult => ({
    ...m,
    minimum: 0,
    idealMs: 0,
    ratio: null,
    netMs: m.ms - (baseline?.floor.phases.find((b) => b.phase === m.phase)?.ms ?? 0),
    netRatio: null,
    effectiveParallelism: null,
  }));
  const mixFigures = stackFigures(n, mix.state, mix.stored, mix.resources);
  const floorFigures = stackFigures(n, floor.state, floor.stored, floor.resources);
  return {
    n,
    touched: touched.size,
    depth: idealRoundTrips(
      tasks(() => 1),
      n,
    ),
    phases: mixPhases,
    ...mixFigures,
    floor: { phases: floorPhases, ...floorFigures, shapeMismatches: shapeMismatches(mix.resources, floor.resources) },
    vsFloor: {
      phases: mixPhases.map((p, i) => phaseRatio(p, floorPhases[i])),
      stateBytes: ratio(mixFigures.stateBytes, floorFigures.stateBytes),
      storedBytes: ratio(mixFigures.storedBytes, floorFigures.storedBytes),
      providerBytes: ratio(mixFigures.providerBytes.mean, floorFigures.providerBytes.mean),
    },
  };
}

function phaseRatio(mix: PhaseResult, floor: PhaseResult): PhaseRatio {
  const per = (f: (r: ProcessReport, c: ProcessClass) => number | null) =>
    Object.fromEntries(PROCESS_CLASSES.map((c) => [c, ratio(f(mix.processes, c), f(floor.processes, c))])) as Record<
      ProcessClass,
      number | null
    >;
  return {
    phase: mix.phase,
    ms: ratio(mix.ms, floor.ms),
    treeCpuMs: ratio(mix.processes.treeCpuMs, floor.processes.treeCpuMs),
    cpuMs: per((r, c) => r.byClass[c].cpuMs),
    peakKb: per((r, c) => r.byClass[c].peakKb),
    requests: ratio(mix.requests, floor.requests),
  };
}

/** Kinds whose property names in state differ: the mix's kind against the floor's of the same name. */
function shapeMismatches(mix: StateResource[], floor: StateResource[]): string[] {
  const names = (rs: StateResource[], prefix: string) => {
    const out = new Map<string, string>();
    for (const r of rs) {
      const kind = r.type.slice(prefix.length);
      if (out.has(kind)) continue;
      const keys = (o: Record<string, unknown> | undefined) =>
        Object.keys(o ?? {})
          .sort()
          .join(",");
      out.set(kind, `inputs ${keys(r.inputs)}; outputs ${keys(r.outputs)}`);
    }
    return out;
  };
  const [a, b] = [names(mix, TYPE_PREFIX), names(floor, FLOOR_TYPE_PREFIX)];
  return [...new Set([...a.keys(), ...b.keys()])]
    .filter((k) => a.get(k) !== b.get(k))
    .map((k) => `${k}: mix ${a.get(k)} / floor ${b.get(k)}`);
}

function perRoute(counters: Counters): Record<string, number> {
  return Object.fromEntries(Object.entries(counters.routes).map(([route, c]) => [route, c.requests]));
}

function growth(baseline: SizeRun, runs: SizeRun[]): BenchResult["growth"] {
  if (runs.length < 2) return null;
  const [a, b] = [runs[0], runs[runs.length - 1]];
  const scale = b.n / a.n;
  // Per-N growth: 1.0 when the figure grew exactly as N did.
  const rel = (x: number, y: number) => (x > 0 ? round(y / x / scale, 2) : 0);
  const at = (run: SizeRun | FloorRun, p: Phase) => run.phases.find((x) => x.phase === p)!;
  const cpu = (run: SizeRun | FloorRun, p: Phase, c: ProcessClass) => at(run, p).processes.byClass[c].cpuMs;
  const perPhase = Object.fromEntries(
    PHASES.map((p) => {
      const netCpu = (run: SizeRun | FloorRun, base: SizeRun | FloorRun, c: ProcessClass) => cpu(run, p, c) - cpu(base, p, c);
      return [
        p,
        {
          netMs: rel(at(a, p).netMs, at(b, p).netMs),
          requests: rel(at(a, p).requests, at(b, p).requests),
          cpuMs: Object.fromEntries(PROCESS_CLASSES.map((c) => [c, rel(netCpu(a, baseline, c), netCpu(b, baseline, c))])),
          floorNetMs: rel(at(a.floor, p).netMs, at(b.floor, p).netMs),
          floorEngineCpuMs: rel(netCpu(a.floor, baseline.floor, "engine"), netCpu(b.floor, baseline.floor, "engine")),
        },
      ];
    }),
  ) as Record<Phase, PhaseGrowth>;
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

export function pulumiVersion(): string {
  return JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")).devDependencies["@pulumi/pulumi"];
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;
const ratio = (x: number | null, y: number | null): number | null => (x === null || y === null || y === 0 ? null : round(x / y, 2));
