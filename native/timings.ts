/**
 * `EI_PLUGIN_TIMINGS=<file>`: the plugin appends one JSON line per event (its port printed, the provider
 * loaded, each call answered) with ms since its process began and its CPU ms so far, so that the
 * benchmark can split a command's time between the engine and the plugin (bench/split.ts). Unset: nothing.
 */
import * as fs from "node:fs";

const file = process.env.EI_PLUGIN_TIMINGS;
const round = (ms: number) => Math.round(ms * 10) / 10;

export const timing = file !== undefined && file !== "";

/** Records `event`, which began at `since` (ms since the process began) when it took time. */
export function mark(event: string, since?: number): void {
  if (!timing) return;
  const now = performance.now();
  const cpu = process.cpuUsage();
  const line = {
    pid: process.pid,
    event,
    at: round(now),
    ms: since === undefined ? undefined : round(now - since),
    cpuMs: round((cpu.user + cpu.system) / 1000),
  };
  fs.appendFileSync(file!, JSON.stringify(line) + "\n");
}
