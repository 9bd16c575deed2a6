/** What the benchmark computes besides wall time: per-process CPU and memory, and the engine-bound ideal. */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

/**
 * The processes of one CLI command, by their command line: `engine` the `pulumi` CLI; `languageHost`
 * `pulumi-language-nodejs` (or `-yaml`, which runs a YAML program itself); `program` the Node process
 * running the Pulumi program (`@pulumi/pulumi/cmd/run`, with the language host's `node -e require.resolve(…)`
 * that finds it); `provider` the dynamic provider host (the `pulumi-resource-pulumi-nodejs` script, its
 * `node …/cmd/dynamic-provider` and its own `node -e require.resolve(…)`) or the native plugin
 * (`pulumi-resource-edgeingress`, the Node process running dist/native/main.js); `other` anything else the CLI started.
 */
export const PROCESS_CLASSES = ["program", "provider", "engine", "languageHost", "other"] as const;
export type ProcessClass = (typeof PROCESS_CLASSES)[number];
/** A process class as the printed tables name it. */
export const LABEL: Record<ProcessClass, string> = {
  program: "program",
  provider: "provider",
  engine: "engine",
  languageHost: "language host",
  other: "other",
};

export interface ProcessFigures {
  /** utime + stime (ms) of the class's processes, summed, each at its last sample. */
  cpuMs: number;
  /** Highest VmHWM (kB) of any one of the class's processes; null when none was seen. */
  peakKb: number | null;
  /** Bytes the class's processes passed to write-like system calls (`wchar` of `/proc/<pid>/io`: files, pipes and sockets), each at its last sample. */
  writtenBytes: number;
  /** Processes of the class seen. */
  count: number;
}

export interface ProcessReport {
  byClass: Record<ProcessClass, ProcessFigures>;
  /**
   * CPU (ms) of the whole process tree from the kernel's own account: the growth of this process's
   * cutime + cstime over the phase (each process's CPU is added to its parent's when the parent waits
   * for it, and the CLI, language host and provider script all wait for their children). null without /proc.
   */
  treeCpuMs: number | null;
  /** treeCpuMs less the classes' sum: processes shorter than the poll interval, and each process's CPU after its last sample. */
  unattributedCpuMs: number | null;
  /** CPU (ms) of this process (the benchmark's polling, pipes) over the phase. */
  benchCpuMs: number;
  /** Command lines seen in `other`, for the record. */
  otherCommands: string[];
}

const TICK_MS = 1000 / 100; // USER_HZ is 100 on Linux (getconf CLK_TCK)

interface Seen {
  cls: ProcessClass | "emulator";
  cpuTicks: number;
  hwmKb: number;
  wchar: number;
  cmd: string;
}

/**
 * Polls `/proc` every `intervalMs` for the descendants of this process (the CLI, and everything it
 * starts; the emulator, also a child, is left out by its command line): utime + stime from
 * `/proc/<pid>/stat`, VmHWM from `/proc/<pid>/status` and wchar from `/proc/<pid>/io`, keeping each process's last sample. A process
 * is found by its parent (a process's parent is set at fork and is already ours), so each new pid's
 * `stat` is read once and only our processes are read on every poll. CPU a process spends after its
 * last sample, and all of a process shorter than the interval, is missed by the per-process figures
 * but counted in `treeCpuMs` (read at exit through the parents' waits).
 */
export class ProcessMonitor {
  private readonly ours = new Map<number, Seen>();
  private readonly foreign = new Set<number>();
  private timer: NodeJS.Timeout | undefined;
  private startTree = 0;
  private startSelf: NodeJS.CpuUsage = { user: 0, system: 0 };
  readonly supported = fs.existsSync("/proc/self/stat");

  constructor(private readonly intervalMs = 100) {}

  start(): void {
    this.ours.clear();
    this.foreign.clear();
    this.startSelf = process.cpuUsage();
    if (!this.supported) return;
    // Every process that exists now, bar our own descendants, is someone else's.
    for (const pid of pids()) if (pid !== process.pid) this.foreign.add(pid);
    this.startTree = childrenTicks();
    this.poll();
    this.timer = setInterval(() => this.poll(), this.intervalMs);
  }

  /** Stops polling (call after the command has exited); the figures per class. */
  stop(): ProcessReport {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    const self = process.cpuUsage(this.startSelf);
    const byClass = Object.fromEntries(PROCESS_CLASSES.map((c) => [c, { cpuMs: 0, peakKb: null, writtenBytes: 0, count: 0 }])) as Record<
      ProcessClass,
      ProcessFigures
    >;
    const otherCommands: string[] = [];
    for (const seen of this.ours.values()) {
      if (seen.cls === "emulator") continue;
      const f = byClass[seen.cls];
      f.cpuMs += seen.cpuTicks * TICK_MS;
      f.writtenBytes += seen.wchar;
      if (seen.hwmKb > 0) f.peakKb = Math.max(f.peakKb ?? 0, seen.hwmKb);
      f.count++;
      if (seen.cls === "other") otherCommands.push(seen.cmd.slice(0, 200));
    }
    const treeCpuMs = this.supported ? (childrenTicks() - this.startTree) * TICK_MS : null;
    const attributed = PROCESS_CLASSES.reduce((sum, c) => sum + byClass[c].cpuMs, 0);
    return {
      byClass,
      treeCpuMs,
      unattributedCpuMs: treeCpuMs === null ? null : treeCpuMs - attributed,
      benchCpuMs: Math.round((self.user + self.system) / 1000),
      otherCommands,
    };
  }

  private poll(): void {
    const fresh: Array<{ pid: number; ppid: number }> = [];
    for (const pid of pids()) {
      if (this.foreign.has(pid) || pid === process.pid) continue;
      if (this.ours.has(pid)) {
        this.sample(pid);
        continue;
      }
      const stat = readStat(pid);
      if (stat) fresh.push({ pid, ppid: stat.ppid });
    }
    // Parents before children: resolve the new pids until nothing changes; the rest are someone else's.
    for (let changed = true; changed;) {
      changed = false;
      for (let i = 0; i < fresh.length; i++) {
        const { pid, ppid } = fresh[i];
        if (ppid !== process.pid && !this.ours.has(ppid)) continue;
        this.ours.set(pid, { cls: "other", cpuTicks: 0, hwmKb: 0, wchar: 0, cmd: "" });
        this.sample(pid);
        fresh.splice(i--, 1);
        changed = true;
      }
    }
    for (const { pid } of fresh) this.foreign.add(pid);
  }

  /** Updates a process's last sample; one that has ended keeps its previous one. */
  private sample(pid: number): void {
    const seen = this.ours.get(pid)!;
    try {
      // Read on every poll: a process just forked shows its parent's command line until it execs.
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
      const stat = readStat(pid);
      const hwm = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
      if (!stat || cmd.length === 0) return; // ended, or a zombie
      const line = cmd.join(" ");
      // An exec between the reads: the figures may be of either image; the next poll reads them again.
      if (fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean).join(" ") !== line) return;
      // A new image (exec): its memory starts afresh. Before it, a child shared its parent's (vfork).
      if (line !== seen.cmd) seen.hwmKb = 0;
      seen.cls = classify(cmd);
      seen.cmd = line;
      seen.cpuTicks = stat.utime + stat.stime;
      if (hwm) seen.hwmKb = Math.max(seen.hwmKb, Number(hwm[1]));
      const wchar = /wchar:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/io`, "utf8"));
      if (wchar) seen.wchar = Number(wchar[1]);
    } catch {
      // The process ended between listing and reading.
    }
  }
}

export function classify(argv: string[]): ProcessClass | "emulator" {
  const cmd = argv.join(" ");
  const exe = (argv[0] ?? "").split("/").pop();
  if (cmd.includes("pulumi-resource-pulumi-nodejs") || cmd.includes("cmd/dynamic-provider")) return "provider";
  // The native plugin: its script, and the Node process it execs.
  if (cmd.includes("pulumi-resource-edgeingress") || cmd.includes("dist/native/main.js")) return "provider";
  if (exe?.startsWith("pulumi-language-")) return "languageHost";
  if (exe === "pulumi") return "engine";
  if (cmd.includes("cmd/run")) return "program";
  if (cmd.includes("emulator/cli.js")) return "emulator";
  return "other";
}

function pids(): number[] {
  return fs
    .readdirSync("/proc")
    .filter((e) => /^\d+$/.test(e))
    .map(Number);
}

function readStat(pid: number | "self"): { ppid: number; utime: number; stime: number; cutime: number; cstime: number } | null {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, "latin1");
  } catch {
    return null;
  }
  // Fields after the command name, which is in parentheses and may hold spaces: state ppid … utime(14) stime cutime cstime.
  const f = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return { ppid: Number(f[1]), utime: Number(f[11]), stime: Number(f[12]), cutime: Number(f[13]), cstime: Number(f[14]) };
}

/** CPU ms a live process has used so far (0 once it is gone). */
export function processCpuMs(pid: number): number {
  const s = readStat(pid);
  return s ? (s.utime + s.stime) * TICK_MS : 0;
}

/** CPU ticks of this process's waited-for descendants. */
function childrenTicks(): number {
  const s = readStat("self");
  return s ? s.cutime + s.cstime : 0;
}

/** The 1-minute load average. */
export const load1 = (): number => Math.round(os.loadavg()[0] * 10) / 10;

export interface Task {
  id: string;
  /** Ids that must finish first. */
  after: string[];
  /** Requests this task needs at the minimum (0: nothing to do). */
  requests: number;
}

/**
 * The engine-bound ideal of a phase, in request round trips: tasks start as soon as what they depend on
 * has finished and one of `parallel` slots is free (the engine's --parallel), each request takes one
 * round trip, nothing else costs time. Greedy list scheduling in declaration order, as the engine does.
 */
export function idealRoundTrips(tasks: Task[], parallel: number): number {
  const finish = new Map<string, number>();
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const slots: number[] = Array(parallel).fill(0); // when each slot is free
  const pending = [...tasks];
  while (pending.length) {
    // The first pending task whose dependencies are all scheduled.
    const i = pending.findIndex((t) => t.after.every((d) => !byId.has(d) || finish.has(d)));
    if (i < 0) throw new Error("dependency cycle");
    const [task] = pending.splice(i, 1);
    const ready = Math.max(0, ...task.after.map((d) => finish.get(d) ?? 0));
    if (task.requests === 0) {
      finish.set(task.id, ready);
      continue;
    }
    const slot = slots.indexOf(Math.min(...slots));
    const start = Math.max(ready, slots[slot]);
    slots[slot] = start + task.requests;
    finish.set(task.id, slots[slot]);
  }
  return Math.max(0, ...finish.values());
}

/** What loading the package costs a program: median ms of fresh Node processes. */
export interface PackageLoad {
  /** `require("@pulumi/pulumi")` alone. */
  pulumiMs: number;
  /** Then `require` of the package's main entry (dist/index.js), in the same process. */
  packageMs: number;
  /** Fresh processes measured. */
  runs: number;
}

/**
 * Each run is a new `node` in `root` that requires `@pulumi/pulumi`, then the package's main entry,
 * timing each; the medians are reported. The package's cost is what every `preview`, `up` and
 * `refresh` pays in the program process on top of Pulumi's own.
 */
export function packageLoad(root: string, runs = 7): PackageLoad {
  const script = [
    "const t0 = process.hrtime.bigint(); require('@pulumi/pulumi'); const t1 = process.hrtime.bigint();",
    "require(process.argv[1]); const t2 = process.hrtime.bigint();",
    "console.log(JSON.stringify([Number(t1 - t0) / 1e6, Number(t2 - t1) / 1e6]));",
  ].join(" ");
  const samples: [number, number][] = [];
  for (let i = 0; i < runs; i++) {
    const out = execFileSync(process.execPath, ["-e", script, path.join(root, "dist", "index.js")], { cwd: root, encoding: "utf8" });
    samples.push(JSON.parse(out) as [number, number]);
  }
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return Math.round(sorted[Math.floor(sorted.length / 2)] * 10) / 10;
  };
  return { pulumiMs: median(samples.map((s) => s[0])), packageMs: median(samples.map((s) => s[1])), runs };
}
