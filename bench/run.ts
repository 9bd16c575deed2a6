/**
 * The benchmark: for each N, a throw-away stack of N mixed resources (bench/mix.ts) goes through
 * create, no-op preview, preview --refresh, a 10 % update and destroy against the emulator with
 * injected latency; each phase's wall time, API requests (the emulator's counters), and CPU and peak
 * memory of each process are compared with the minimum, the engine-bound ideal, and the floor: the same
 * N resources as no-op dynamic resources (bench/floor) through the same phases. The same stack runs
 * through the native provider too, and an allowlist through both providers in both forms (bench/native.ts).
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { REPO_ROOT, type StateResource } from "../harness/engine";
import { BenchEmulator } from "./emulator";
import { pluginStartup } from "./startup";
import { idealRoundTrips, load1, packageLoad, PROCESS_CLASSES, type ProcessClass, type ProcessReport, type Task } from "./measure";
import { mixedStack, touchedNames } from "./mix";
import { providerRun, runAllowlist, through } from "./native";
import { CONNECTION_CHECK, DYNAMIC, FLOOR, FLOOR_TYPE_PREFIX, POLL_MS, runPhases, TYPE_PREFIX, type PhasesRun } from "./phases";
import {
  PHASES,
  type BenchOptions,
  BenchResult,
  FloorRun,
  Phase,
  PhaseGrowth,
  PhaseRatio,
  PhaseResult,
  SizeRun,
  StackFigures,
} from "./results";

export { PHASES } from "./results";
export type { BenchOptions, BenchResult, FloorRun, Phase, PhaseResult, SizeRun, StackFigures } from "./results";
export { benchStack, CONNECTION_CHECK, CONNECTION_CHECK_ROUTE, medianOf, POLL_MS, PROGRAM } from "./phases";

export async function runBench(options: BenchOptions): Promise<BenchResult> {
  const log = options.log ?? (() => undefined);
  const parallel = options.parallel ?? 4 * os.availableParallelism();
  const loadAtStart = load1();
  const emulator = await BenchEmulator.start(options.latencyMs);
  try {
    const baseline = options.baseline === false ? null : await runSize(emulator, 0, options, parallel, log);
    const runs: SizeRun[] = [];
    for (const n of [...new Set(options.sizes)].filter((n) => n > 0)) {
      runs.push(await runSize(emulator, n, options, parallel, log, baseline ?? undefined));
    }
    const allowlist = options.allowlist ? await runAllowlist(emulator, options.allowlist, options, log) : null;
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
      allowlist,
      throughput: { clients: options.clients, seconds: options.seconds, readsPerSecond: t.reads, writesPerSecond: t.writes },
      load: packageLoad(REPO_ROOT, options.freshRuns),
      startup: await pluginStartup(REPO_ROOT, options.freshRuns),
    };
  } finally {
    await emulator.close();
  }
}

function stackFigures(n: number, { state, stored, resources }: PhasesRun): Omit<StackFigures, "phases"> {
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
  // Mix, floor and native alternately, so that a change of the machine's load falls on all.
  const spec = (update: boolean) => mixedStack(n, update);
  const [mixRuns, floorRuns, nativeRuns]: PhasesRun[][] = [[], [], []];
  for (let i = 0; i < (options.repeat ?? 1); i++) {
    mixRuns.push(await runPhases(emulator, { driver: DYNAMIC, stackName: `bench-${n}`, spec }, options, log));
    floorRuns.push(await runPhases(emulator, { driver: FLOOR, stackName: `floor-${n}`, spec }, options, log));
    if (options.native !== false) nativeRuns.push(await runPhases(emulator, through("native", `bench-${n}`, spec), options, log));
  }
  // State and sizes from the first run (every run declares the same stack).
  const mix = providerRun("dynamic", mixRuns);
  const floor = providerRun("dynamic", floorRuns);
  const touched = new Set(touchedNames(n));
  const plans = minimumPlans(n, mixRuns[0].resources, touched);
  const mixPhases = mix.phases.map((m): PhaseResult => {
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
  const floorPhases = floor.phases.map((m): PhaseResult => ({
    ...m,
    minimum: 0,
    idealMs: 0,
    ratio: null,
    netMs: m.ms - (baseline?.floor.phases.find((b) => b.phase === m.phase)?.ms ?? 0),
    netRatio: null,
    effectiveParallelism: null,
  }));
  const mixFigures = stackFigures(n, mixRuns[0]);
  const floorFigures = stackFigures(n, floorRuns[0]);
  return {
    n,
    touched: touched.size,
    depth: idealRoundTrips(
      tasks(mixRuns[0].resources, () => 1),
      n,
    ),
    phases: mixPhases,
    ...mixFigures,
    floor: { phases: floorPhases, ...floorFigures, shapeMismatches: shapeMismatches(mixRuns[0].resources, floorRuns[0].resources) },
    ...(nativeRuns.length ? { native: providerRun("native", nativeRuns) } : {}),
    vsFloor: {
      phases: mixPhases.map((p, i) => phaseRatio(p, floorPhases[i])),
      stateBytes: ratio(mixFigures.stateBytes, floorFigures.stateBytes),
      storedBytes: ratio(mixFigures.storedBytes, floorFigures.storedBytes),
      providerBytes: ratio(mixFigures.providerBytes.mean, floorFigures.providerBytes.mean),
    },
  };
}

/** The resources as tasks for the ideal schedule, each after what it depends on. */
function tasks(resources: StateResource[], cost: (r: StateResource) => number): Task[] {
  return resources.map((r) => ({ id: r.urn, after: (r.dependencies as string[] | undefined) ?? [], requests: cost(r) }));
}

/**
 * The minimum per phase: the provider process's one connection check (a GET, before anything
 * else), then one request per resource created, read or deleted; none for a no-op preview; one
 * PATCH per resource the update touches. Refresh reads have no order among them.
 * An empty stack starts no provider process, so makes no check.
 */
function minimumPlans(n: number, resources: StateResource[], touched: Set<string>): Record<Phase, Task[]> {
  const reversed = (ts: Task[]): Task[] =>
    ts.map((t) => ({ ...t, after: ts.filter((o) => o.after.includes(t.id)).map((o) => o.id) })).reverse();
  const name = (r: StateResource) => r.urn.split("::").pop()!;
  const checked = (ts: Task[]): Task[] =>
    n === 0 ? ts : [{ id: CONNECTION_CHECK, after: [], requests: 1 }, ...ts.map((t) => ({ ...t, after: [...t.after, CONNECTION_CHECK] }))];
  return {
    create: checked(tasks(resources, () => 1)),
    preview: checked(tasks(resources, () => 0)),
    refresh: checked(tasks(resources, () => 1).map((t) => ({ ...t, after: [] }))),
    update: checked(tasks(resources, (r) => (touched.has(name(r)) ? 1 : 0))),
    destroy: checked(reversed(tasks(resources, () => 1))),
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

function growth(baseline: SizeRun | null, runs: SizeRun[]): BenchResult["growth"] {
  if (!baseline || runs.length < 2) return null;
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
