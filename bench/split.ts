/**
 * Where a small `up` of the native path spends its time beyond the engine's own: a stack of 20
 * resources (a policy, 18 one-resource rules, a restriction) created through Pulumi YAML, the plugin
 * recording its events (native/timings.ts): its port, the provider's loading, GetSchema, CheckConfig
 * (with the connection check), Configure, and each resource's calls. Medians over fresh stacks.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { BenchEmulator } from "./emulator";
import { allowlistStack } from "./native";
import { medianOf, nativeDriver } from "./phases";

/** The plugin's calls made once per process, in the order the engine makes them; the rest are per resource. */
const ONCE = ["getPluginInfo", "getSchema", "checkConfig", "diffConfig", "configure"] as const;
const PER_RESOURCE = ["check", "diff", "create", "read", "update", "delete"] as const;

interface Event {
  pid: number;
  event: string;
  at: number;
  ms?: number;
  cpuMs: number;
}

export interface UpSplit {
  runs: number;
  resources: number;
  /** Medians over the runs, ms. */
  upMs: number;
  /** Plugin processes the `up` started (the engine starts one per provider; the YAML host asks for the schema through its own). */
  plugins: number;
  /** From the plugin's process start to its port on stdout (Node.js start and what is loaded before the port). */
  portMs: number;
  /** Loading the provider (lifecycle, kinds, HTTP client, protocol messages) after the port. */
  loadMs: number;
  /** Each once-per-process call's answer time, summed over the plugin processes (a call waits for the loading when it comes first). */
  once: Record<(typeof ONCE)[number], number>;
  /** Per-resource calls: count and summed answer time (they overlap). */
  perResource: Record<string, { count: number; ms: number }>;
  /** CPU of the plugin processes, at their last event. */
  pluginCpuMs: number;
}

const round = (x: number) => Math.round(x);

/** One run's figures from the plugin's event lines. */
export function splitOf(events: Event[], upMs: number, resources: number): UpSplit {
  const pids = [...new Set(events.map((e) => e.pid))];
  const sum = (name: string) => events.filter((e) => e.event === name).reduce((a, e) => a + (e.ms ?? 0), 0);
  const first = (pid: number, name: string) => events.find((e) => e.pid === pid && e.event === name);
  return {
    runs: 1,
    resources,
    upMs,
    plugins: pids.length,
    portMs: round(pids.reduce((a, pid) => a + (first(pid, "port")?.at ?? 0), 0)),
    loadMs: round(sum("load")),
    once: Object.fromEntries(ONCE.map((name) => [name, round(sum(name))])) as UpSplit["once"],
    perResource: Object.fromEntries(
      PER_RESOURCE.filter((name) => events.some((e) => e.event === name)).map((name) => [
        name,
        { count: events.filter((e) => e.event === name).length, ms: round(sum(name)) },
      ]),
    ),
    pluginCpuMs: round(pids.reduce((a, pid) => a + Math.max(...events.filter((e) => e.pid === pid).map((e) => e.cpuMs)), 0)),
  };
}

/** `runs` fresh stacks of 20 resources, each created by one `up` with the plugin's timings on. */
export async function upSplit(runs = 3, latencyMs = 0, log: (line: string) => void = () => undefined): Promise<UpSplit> {
  const emulator = await BenchEmulator.start(latencyMs);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ei-split-"));
  const results: UpSplit[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const spec = allowlistStack(18, "per-rule");
      const open = await nativeDriver.open(emulator, `split-${i}`, spec, {});
      const file = path.join(dir, `run-${i}.jsonl`);
      open.stack.env.EI_PLUGIN_TIMINGS = file;
      try {
        const started = performance.now();
        const result = await open.stack.up();
        const upMs = round(performance.now() - started);
        if (result.code !== 0) throw new Error(`split up failed with exit ${result.code}\n${result.stdout}\n${result.stderr}`);
        const events = fs
          .readFileSync(file, "utf8")
          .split("\n")
          .filter(Boolean)
          .map((l) => JSON.parse(l) as Event);
        results.push(splitOf(events, upMs, spec.length));
        const order = (pid: number) => events.filter((e) => e.pid === pid).map((e) => `${e.event}@${e.at}`);
        const pids = [...new Set(events.map((e) => e.pid))];
        log(`split ${i}: ${upMs} ms; ${pids.map((pid) => `plugin ${pid}: ${order(pid).join(" ")}`).join("; ")}`);
      } finally {
        await open.close();
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    await emulator.close();
  }
  // Each figure's median over the runs (medianOf), and how many runs.
  return { ...medianOf(results), runs: results.length };
}

/** The split as `npm run bench -- --startup` prints it. */
export function splitTable(s: UpSplit): string {
  const calls = Object.entries(s.perResource).map(([name, c]) => `| ${name} × ${c.count} (per resource, overlapping) | ${c.ms} |`);
  return [
    `\`up\` of ${s.resources} resources on the native path (Pulumi YAML), median of ${s.runs} fresh stacks: ${s.upMs} ms wall; ${s.plugins} plugin process(es), ${s.pluginCpuMs} CPU ms in them`,
    "",
    "| plugin step | ms |",
    "|---|---|",
    `| process start to port | ${s.portMs} |`,
    `| provider loaded (after the port) | ${s.loadMs} |`,
    ...Object.entries(s.once).map(([name, ms]) => `| ${name} | ${ms} |`),
    ...calls,
  ].join("\n");
}
