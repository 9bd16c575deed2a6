/** The benchmark's options and the shape of its JSON (bench/run.ts writes it, bench/index.ts prints it). */
import type { PackageLoad, ProcessClass, ProcessReport } from "./measure";
import type { PluginStartup } from "./startup";

export const PHASES = ["create", "preview", "refresh", "update", "destroy"] as const;
export type Phase = (typeof PHASES)[number];

export interface BenchOptions {
  /** Stack sizes, e.g. [200, 1000]; 0 (the empty stack) always runs first, as the baseline. */
  sizes: number[];
  /**
   * Run the empty stack first as the baseline (default true). false: no baseline, net figures are the
   * phases' own; for a run that checks the benchmark's workings, whose engine commands are its cost.
   */
  baseline?: boolean;
  /** Fresh processes for the package load and the plugin's start-up (default 7 and 9). */
  freshRuns?: number;
  /**
   * Let the stacks' Node.js processes reuse compiled code (NODE_COMPILE_CACHE; default false: what users
   * get without the setting). For a run that times nothing: it halves what a command's start-up costs.
   */
  compileCache?: boolean;
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
  /**
   * Runs each N's mix through the native provider too (a Pulumi YAML program, `harness/native.ts`),
   * beside the dynamic one (default true).
   */
  native?: boolean;
  /** Rules of the allowlist run through both providers in both forms (inline rules, a resource per rule); 0 or absent: none. */
  allowlist?: number;
  /** The allowlist's forms and providers run (default all). */
  allowlistForms?: readonly AllowlistForm[];
  allowlistProviders?: readonly Provider[];
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
  /** The same stack through the native provider (a Pulumi YAML program), when it ran. */
  native?: ProviderRun;
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
  /** The same phases on an empty stack (N = 0; mix and floor): the fixed cost of each command; null with `baseline: false`. */
  baseline: SizeRun | null;
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
  /** The allowlist through both providers, inline rules and a resource per rule; null when not run. */
  allowlist: AllowlistResult | null;
  throughput: { clients: number; seconds: number; readsPerSecond: number; writesPerSecond: number };
  /** Loading the package in a program, over `@pulumi/pulumi` alone (median of fresh processes). */
  load: PackageLoad;
  /** The native plugin's time to print its port, beside a bare `node -e` (bench/startup.ts); absent in results from before it was measured. */
  startup?: PluginStartup;
  /** With --profile: CPU ms by area per `<stack>-<phase>` and process role (bench/profile.ts). */
  profile?: Record<string, Record<string, Record<string, number>>>;
}

/** The baseline (when it ran) and the runs of each N, in order. */
export const sizeRuns = (result: BenchResult): SizeRun[] => (result.baseline ? [result.baseline, ...result.runs] : result.runs);

/** A phase's figures as a stack run reports them. */
export type Measured = Pick<
  PhaseResult,
  "phase" | "ms" | "requests" | "routes" | "emulatorCpuMs" | "providerPeakKb" | "processes" | "load"
>;

export type Provider = "dynamic" | "native";
export type AllowlistForm = "inline" | "per-rule";

/** One stack's figures through one provider: every phase (medians with --repeat), and the state after create. */
export interface ProviderRun {
  provider: Provider;
  /** Resources in state after create. */
  resources: number;
  phases: Array<Measured & { msRuns: number[] }>;
  /** `stack export` after create, and the checkpoint file, bytes. */
  stateBytes: number;
  storedBytes: number;
}

export interface AllowlistRun extends ProviderRun {
  form: AllowlistForm;
}

export interface AllowlistResult {
  rules: number;
  /** Rules whose description the update phase changes. */
  touched: number;
  /** Inline dynamic and native, then per-rule dynamic and native (those asked for). */
  runs: AllowlistRun[];
}
