/**
 * The native plugin's start-up: the engine starts `pulumi-resource-edgeingress` in every command and
 * waits for the port on its first line of stdout. Measured as the time from spawn to that first line,
 * beside a bare `node -e` printing a line (what any Node.js program pays to start), in fresh
 * processes taken alternately so that a change of the machine's load falls on both; the medians and
 * their ratio are reported (the ratio is what holds on a busy machine, not the milliseconds).
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

export interface PluginStartup {
  /** Fresh processes of each. */
  runs: number;
  /** Median ms from spawn to the plugin's port on stdout. */
  pluginMs: number;
  /** Median ms from spawn to the first line of `node -e "console.log(0)"`. */
  nodeMs: number;
  /** pluginMs / nodeMs. */
  ratio: number;
  /** Every run's figure, in order. */
  pluginRuns: number[];
  nodeRuns: number[];
}

/** The plugin's entry as npm installs it: package.json's `bin`. */
export function pluginEntry(root: string): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { bin: Record<string, string> };
  return path.join(root, manifest.bin["pulumi-resource-edgeingress"]);
}

/** Ms from spawning `node args` until its first line on stdout; the process is then killed. */
export function timeToFirstLine(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    // The engine's own address as the argument, as the engine starts a plugin (unused by it).
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"], env });
    let out = "";
    let err = "";
    let done = false;
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (done || !out.includes("\n")) return;
      done = true;
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      child.kill();
      resolve(Math.round(ms * 10) / 10);
    });
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => {
      if (!done) reject(new Error(`node ${args.join(" ")} exited with ${code} before printing a line\n${err}`));
    });
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** `runs` fresh plugins and `runs` bare `node -e`, alternately, after one unmeasured run of each (the file system's cache). */
export async function pluginStartup(root: string, runs = 9): Promise<PluginStartup> {
  const entry = pluginEntry(root);
  // A HOME of its own: what the plugin may write on start (Node's compile cache) is not the user's.
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "ei-startup-"));
  const env = { ...process.env, HOME: home };
  const plugin = () => timeToFirstLine([entry, "127.0.0.1:1"], env);
  const node = () => timeToFirstLine(["-e", "console.log(0)"], env);
  try {
    await plugin();
    await node();
    const pluginRuns: number[] = [];
    const nodeRuns: number[] = [];
    for (let i = 0; i < runs; i++) {
      pluginRuns.push(await plugin());
      nodeRuns.push(await node());
    }
    const [pluginMs, nodeMs] = [median(pluginRuns), median(nodeRuns)];
    return { runs, pluginMs, nodeMs, ratio: Math.round((pluginMs / nodeMs) * 100) / 100, pluginRuns, nodeRuns };
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
}

/** The line `npm run bench` prints. */
export function startupLine(s: PluginStartup): string {
  return `plugin start-up (median of ${s.runs} fresh processes each, alternately): pulumi-resource-edgeingress prints its port in ${s.pluginMs} ms, node -e prints a line in ${s.nodeMs} ms: ${s.ratio}×`;
}
