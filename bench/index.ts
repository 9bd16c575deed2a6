/**
 * `npm run bench [-- --n 50,200 --latency 25 --parallel P --clients 50 --seconds 5 --out FILE --skip-checkpoints]`:
 * runs the benchmark (bench/run.ts), prints a table and writes the JSON (default
 * bench/results/bench-<date>.json). Needs the bootstrap (scripts/bootstrap.sh) once.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { REPO_ROOT } from "../test/support/engine";
import { runBench, type BenchResult } from "./run";

function positive(name: string, text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number, got ${JSON.stringify(text)}`);
  return value;
}

/** The table printed after a run (also pasted into docs/benchmark.md). */
export function table(result: BenchResult): string {
  const lines = [
    `latency ${result.latencyMs} ms, --parallel ${result.parallel}${result.skipCheckpoints ? ", PULUMI_SKIP_CHECKPOINTS" : ""}, ${result.machine.cpus} CPUs (load ${result.machine.load.join(" → ")}), Node ${result.machine.node}, Pulumi ${result.machine.pulumi}`,
    "",
    "| N | phase | wall ms | requests | minimum | ideal ms | ratio | net ms | net ratio | eff. parallelism | provider peak MB |",
    "|---|---|---|---|---|---|---|---|---|---|---|",
  ];
  for (const run of [result.baseline, ...result.runs]) {
    for (const p of run.phases) {
      const mb = p.providerPeakKb === null ? "–" : (p.providerPeakKb / 1024).toFixed(0);
      const cells = [run.n, p.phase, p.ms, p.requests, p.minimum, p.idealMs, p.ratio ?? "–", p.netMs, p.netRatio ?? "–", p.effectiveParallelism ?? "–", mb];
      lines.push(`| ${cells.join(" | ")} |`);
    }
  }
  lines.push("", "| N | depth | touched | __provider bytes/resource (mean, max) | state bytes/resource |", "|---|---|---|---|---|");
  for (const run of result.runs) {
    lines.push(`| ${run.n} | ${run.depth} | ${run.touched} | ${run.providerBytes.mean}, ${run.providerBytes.max} | ${run.stateBytesPerResource} |`);
  }
  const g = result.growth;
  if (g) {
    const phases = Object.entries(g.perPhase).map(([p, x]) => `${p} ${x.netMs}× net time, ${x.requests}× requests`);
    lines.push(
      "",
      `growth ${g.from} → ${g.to}, per resource (1 = linear): ${phases.join("; ")}; __provider ${g.providerBytesPerResource}×, state ${g.stateBytesPerResource}×; provider peak memory ${g.providerPeakKb ?? "–"}× (absolute)`,
    );
  }
  const t = result.throughput;
  lines.push("", `emulator throughput (${t.clients} clients, no latency): ${t.readsPerSecond} reads/s, ${t.writesPerSecond} writes/s`);
  return lines.join("\n");
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      n: { type: "string", default: "50,200" },
      latency: { type: "string", default: "25" },
      parallel: { type: "string" },
      clients: { type: "string", default: "50" },
      seconds: { type: "string", default: "5" },
      out: { type: "string" },
      "skip-checkpoints": { type: "boolean", default: false },
    },
  });
  const sizes = values.n.split(",").map((s) => positive("n", s.trim()));
  const result = await runBench({
    sizes,
    latencyMs: positive("latency", values.latency),
    parallel: values.parallel === undefined ? undefined : positive("parallel", values.parallel),
    clients: positive("clients", values.clients),
    seconds: positive("seconds", values.seconds),
    skipCheckpoints: values["skip-checkpoints"],
    log: (line) => console.error(line),
  });
  const out = values.out ?? path.join(REPO_ROOT, "bench", "results", `bench-${result.date.slice(0, 16).replace(/[:T]/g, "-")}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify(result, null, 2) + "\n");
  console.log(table(result));
  console.log(`\nwrote ${path.relative(process.cwd(), out)}`);
}

if (require.main === module) {
  main().catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
