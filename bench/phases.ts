/**
 * One stack through the benchmark's five phases, measured: how a stack is declared (the dynamic
 * providers' Node.js program, the floor's, or the native provider's Pulumi YAML program) and run.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { createStack, REPO_ROOT, type CliResult, type StateExport, type StateResource, type TestStack } from "../harness/engine";
import { nativeEnv, yamlProgram } from "../harness/native";
import type { BenchEmulator, Counters } from "./emulator";
import { load1, PROCESS_CLASSES, ProcessMonitor } from "./measure";
import type { Res } from "./mix";
import type { BenchOptions, Measured, Phase } from "./results";

/** The task of the provider process's connection check (runtime/index.ts): one GET per command. */
export const CONNECTION_CHECK = "connection check";
/** Its route in the emulator's counters. */
export const CONNECTION_CHECK_ROUTE = "GET /api_keys";
/** How often /proc is polled for the per-process figures, ms. */
export const POLL_MS = 100;

export type { Measured } from "./results";

/** The engine settings of a bench stack. */
type StackSettings = Pick<BenchOptions, "parallel" | "skipCheckpoints" | "compileCache">;

/** A stack the benchmark runs, and how to declare other resources in it before the next command. */
export interface OpenStack {
  stack: TestStack;
  declare(spec: Res[]): Promise<void>;
  /** Removes the stack and its files. */
  close(): Promise<void>;
}

/** How a kind of stack is declared: its program, and the type prefix of its resources in state. */
export interface Driver {
  prefix: string;
  open(emulator: BenchEmulator, stackName: string, spec: Res[], settings: StackSettings): Promise<OpenStack>;
}

/** The edges program (`harness/edges`) or the floor's: the spec in a file named by the `programFile` config value. */
export function dynamicDriver(programDir: string, prefix: string): Driver {
  return {
    prefix,
    async open(emulator, stackName, spec, settings) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ei-bench-program-"));
      let files = 0;
      const file = (s: Res[]) => {
        const f = path.join(dir, `program-${files++}.json`);
        fs.writeFileSync(f, JSON.stringify({ resources: s }));
        return f;
      };
      try {
        const stack = await benchStack(emulator, programDir, stackName, file(spec), settings);
        return {
          stack,
          declare: (s) => stack.setConfig("programFile", { value: file(s) }),
          close: () => stack.remove().finally(() => fs.rmSync(dir, { recursive: true, force: true })),
        };
      } catch (error) {
        fs.rmSync(dir, { recursive: true, force: true });
        throw error;
      }
    },
  };
}

/** The mix's program: harness/edges's, reading the spec from a file (config is limited to 128 KB). */
export const PROGRAM = path.join(REPO_ROOT, "harness", "edges");
export const TYPE_PREFIX = "pulumi-nodejs:dynamic/edgeingress:";
export const FLOOR_TYPE_PREFIX = "pulumi-nodejs:dynamic/floor:";
/** The dynamic providers, and the floor (bench/floor): no-op dynamic resources of the same shapes. */
export const DYNAMIC = dynamicDriver(PROGRAM, TYPE_PREFIX);
export const FLOOR = dynamicDriver(path.join(REPO_ROOT, "bench", "floor"), FLOOR_TYPE_PREFIX);

/** Type prefix of the native provider's resources. */
export const NATIVE_PREFIX = "edgeingress:index:";

/**
 * The native provider: the spec as a Pulumi YAML program (no Node.js program: Pulumi's YAML language
 * host runs it) and the plugin `pulumi-resource-edgeingress` on PATH, as harness/native.ts sets them up.
 */
export const nativeDriver: Driver = {
  prefix: NATIVE_PREFIX,
  async open(emulator, stackName, spec, settings) {
    const programDir = fs.mkdtempSync(path.join(os.tmpdir(), "ei-bench-native-"));
    const native = nativeEnv();
    const write = (s: Res[]) => fs.writeFileSync(path.join(programDir, "Pulumi.yaml"), yamlProgram("bench-native", s));
    const cleanup = () => {
      for (const dir of [programDir, native.dir]) fs.rmSync(dir, { recursive: true, force: true });
    };
    try {
      write(spec);
      const stack = await createStack({
        programDir,
        stackName,
        linkSelf: false,
        checkNoChangesAfterUp: false,
        compileCache: settings.compileCache ?? false,
        config: {
          "edgeingress:apiKey": { value: emulator.rootToken, secret: true },
          "edgeingress:apiUrl": { value: emulator.url },
        },
        env: { ...native.env, ...settingsEnv(settings) },
      });
      return { stack, declare: async (s) => write(s), close: () => stack.remove().finally(cleanup) };
    } catch (error) {
      cleanup();
      throw error;
    }
  },
};

/** What every bench stack's environment sets: no ambient account, and the engine settings. */
function settingsEnv(settings: StackSettings): Record<string, string> {
  return {
    EDGE_INGRESS_API_KEY: "",
    EDGE_INGRESS_API_URL: "",
    ...(settings.parallel ? { PULUMI_PARALLEL: String(settings.parallel) } : {}),
    ...(settings.skipCheckpoints ? { PULUMI_SKIP_CHECKPOINTS: "true" } : {}),
  };
}

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
export function medianPhases(runs: Measured[][]): Array<Measured & { msRuns: number[] }> {
  return runs[0].map((_, i) => ({ ...medianOf(runs.map((r) => r[i])), msRuns: runs.map((r) => r[i].ms) }));
}

/** A stack to measure: how it is declared, its name, and its resources before and after the update phase. */
export interface StackSpec {
  driver: Driver;
  stackName: string;
  spec: (update: boolean) => Res[];
}

export interface PhasesRun {
  measured: Measured[];
  /** The state after create, as `stack export` prints it and as the backend stores it, and its resources of the driver's prefix. */
  state: StateExport;
  stored: string;
  resources: StateResource[];
}

/** One stack through the five phases: the raw figures, the state after create and its resources. */
export async function runPhases(
  emulator: BenchEmulator,
  { driver, stackName, spec }: StackSpec,
  options: BenchOptions,
  log: (line: string) => void,
): Promise<PhasesRun> {
  const declared = spec(false);
  const open = await driver.open(emulator, stackName, declared, options);
  const { stack } = open;
  try {
    const monitor = new ProcessMonitor(POLL_MS);
    const measured: Measured[] = [];
    const phase = async (name: Phase, command: () => Promise<CliResult>): Promise<void> => {
      const restore = options.profileDir ? profilePhase(stack, path.join(options.profileDir, `${stackName}-${name}`)) : () => undefined;
      try {
        measured.push(await measurePhase(emulator, monitor, name, command, stackName, log));
      } finally {
        restore();
      }
    };
    await phase("create", () => stack.up());
    const state = await stack.exportState();
    const stored = stack.storedState();
    const resources = state.resources.filter((r) => r.custom && r.type.startsWith(driver.prefix));
    if (resources.length !== declared.length)
      throw new Error(`${stackName}: expected ${declared.length} resources in state, found ${resources.length}`);
    await phase("preview", () => stack.preview({ expectNoChanges: true }));
    await phase("refresh", () => stack.preview({ refresh: true, expectNoChanges: true }));
    await open.declare(spec(true));
    await phase("update", () => stack.up());
    await phase("destroy", () => stack.destroy());
    return { measured, state, stored, resources };
  } finally {
    await open.close();
  }
}

/** One CLI command, measured: wall time, the emulator's counters and CPU, and the processes' figures. */
async function measurePhase(
  emulator: BenchEmulator,
  monitor: ProcessMonitor,
  name: Phase,
  command: () => Promise<CliResult>,
  stackName: string,
  log: (line: string) => void,
): Promise<Measured> {
  await emulator.resetCounters();
  monitor.start();
  const emulatorCpu = emulator.cpuMs();
  const started = performance.now();
  const result = await command();
  const ms = Math.round(performance.now() - started);
  const processes = monitor.stop();
  const emulatorCpuMs = emulator.cpuMs() - emulatorCpu;
  if (result.code !== 0) throw new Error(`${stackName} ${name} failed with exit ${result.code}\n${result.stdout}\n${result.stderr}`);
  const counters = await emulator.counters();
  const load = load1();
  const cpu = PROCESS_CLASSES.map((c) => `${c} ${processes.byClass[c].cpuMs}`).join(", ");
  log(
    `${stackName} ${name}: ${ms} ms, ${counters.totals.requests} requests; CPU ms ${cpu}, tree ${processes.treeCpuMs}, emulator ${emulatorCpuMs}; load ${load}`,
  );
  return {
    phase: name,
    ms,
    requests: counters.totals.requests,
    routes: perRoute(counters),
    emulatorCpuMs,
    providerPeakKb: processes.byClass.provider.peakKb,
    processes,
    load,
  };
}

function perRoute(counters: Counters): Record<string, number> {
  return Object.fromEntries(Object.entries(counters.routes).map(([route, c]) => [route, c.requests]));
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
  options: StackSettings,
): Promise<TestStack> {
  return createStack({
    programDir,
    stackName,
    checkNoChangesAfterUp: false,
    // What users get without setting NODE_COMPILE_CACHE, unless the run asks for it.
    compileCache: options.compileCache ?? false,
    config: {
      "edgeingress:apiKey": { value: emulator.rootToken, secret: true },
      "edgeingress:apiUrl": { value: emulator.url },
      programFile: { value: programFile },
    },
    env: settingsEnv(options),
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
