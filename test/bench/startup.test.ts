/** The plugin's start-up measurement (bench/startup.ts): first lines timed from spawn, medians, the ratio, the printed line. */
import * as path from "node:path";
import { REPO_ROOT } from "../../harness/engine";
import { pluginEntry, pluginStartup, startupLine, timeToFirstLine } from "../../bench/startup";

test("the plugin measured is the one npm installs: package.json's bin", () => {
  expect(pluginEntry(REPO_ROOT)).toBe(path.join(REPO_ROOT, "dist", "native", "main.js"));
});

test("the time to the first line counts from spawn to the line, not to the process's end", async () => {
  const late = await timeToFirstLine(["-e", "setTimeout(() => console.log(1), 300); setTimeout(() => {}, 60_000)"]);
  expect(late).toBeGreaterThanOrEqual(300);
  // The process is killed at the line: a minute's timer would otherwise hold the test.
  expect(late).toBeLessThan(30_000);
});

test("a process that ends without a line fails the measurement with its stderr", async () => {
  await expect(timeToFirstLine(["-e", "console.error('no port'); process.exit(3)"])).rejects.toThrow(/exited with 3[\s\S]*no port/);
});

test("runs of the plugin and of node -e, their medians and ratio, printed", async () => {
  const s = await pluginStartup(REPO_ROOT, 3);
  expect([s.runs, s.pluginRuns.length, s.nodeRuns.length]).toEqual([3, 3, 3]);
  expect(s.pluginMs).toBe([...s.pluginRuns].sort((a, b) => a - b)[1]);
  expect(s.nodeMs).toBe([...s.nodeRuns].sort((a, b) => a - b)[1]);
  expect(s.ratio).toBeCloseTo(s.pluginMs / s.nodeMs, 1);
  expect(startupLine(s)).toContain(`in ${s.pluginMs} ms, node -e prints a line in ${s.nodeMs} ms: ${s.ratio}×`);
}, 120_000);
