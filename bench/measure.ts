/** What the benchmark computes besides wall time: the provider's peak memory and the engine-bound ideal. */
import * as fs from "node:fs";

/**
 * Peak resident memory (VmHWM, kB) of the dynamic provider processes of one stack: Linux `/proc` is
 * polled for `node …/cmd/dynamic-provider` processes whose environment carries the stack's own
 * PULUMI_HOME (each benchmark stack has its own). VmHWM is the process's own high-water mark, so a
 * poll missed near the end loses at most the growth of the last interval. null where /proc is absent.
 */
export class ProviderMemory {
  private readonly peaks = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly pulumiHome: string,
    private readonly intervalMs = 200,
  ) {}

  start(): void {
    this.peaks.clear();
    if (!fs.existsSync("/proc/self/status")) return;
    this.timer = setInterval(() => this.poll(), this.intervalMs);
  }

  /** Stops polling; the highest VmHWM of any provider process seen, or null. */
  stop(): number | null {
    if (this.timer === undefined) return null;
    clearInterval(this.timer);
    this.timer = undefined;
    this.poll();
    return this.peaks.size ? Math.max(...this.peaks.values()) : null;
  }

  private poll(): void {
    for (const entry of fs.readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      const pid = Number(entry);
      try {
        // Checked on every poll: a process just forked still shows its parent's command line.
        if (!this.peaks.has(pid) && !this.isOurProvider(pid)) continue;
        const hwm = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
        if (hwm) this.peaks.set(pid, Math.max(this.peaks.get(pid) ?? 0, Number(hwm[1])));
      } catch {
        // The process ended between listing and reading.
      }
    }
  }

  private isOurProvider(pid: number): boolean {
    if (!fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("cmd/dynamic-provider")) return false;
    return fs.readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").includes(`PULUMI_HOME=${this.pulumiHome}`);
  }
}

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
