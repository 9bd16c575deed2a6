/**
 * kill -9 of the CLI during a concurrent write load: the data file stays valid JSON in our format, and
 * every write that was acknowledged (a 201 received) is there after a restart on the same file.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { killAll, requireBuiltCli, spawnCli } from "./spawn";
import { Client } from "../support/emulator";

const TOTAL = 200;
const CONCURRENCY = 8;
/** Kill after this many acknowledgements: mid-load by count, not by time. */
const KILL_AFTER = 80;
const TOKEN = "crash-root-token";

let dir: string;
beforeAll(requireBuiltCli);
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "ei-crash-"));
});
afterEach(() => {
  killAll();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Alternating kinds, each with its index in the description. */
const write = (i: number): [string, Record<string, unknown>] =>
  i % 2 === 0
    ? ["/ip_policies", { description: `load ${i}` }]
    : ["/backends/tunnel_group", { description: `load ${i}`, labels: { i: String(i) } }];

test("SIGKILL during 200 concurrent creates loses no acknowledged write", async () => {
  const file = path.join(dir, "state.json");
  const first = spawnCli(["--data", file, "--root-token", TOKEN]);
  const api = new Client(await first.url, TOKEN);

  const acknowledged: Array<{ path: string; id: string; description: string }> = [];
  let next = 0;
  let killed = false;
  const worker = async () => {
    while (next < TOTAL && !killed) {
      const i = next++;
      const [target, body] = write(i);
      let reply;
      try {
        reply = await api.post(target, body);
      } catch {
        return; // the connection died with the process: this write was never acknowledged
      }
      expect(reply.status).toBe(201);
      acknowledged.push({ path: target, id: reply.body.id, description: body.description as string });
      if (acknowledged.length === KILL_AFTER) {
        killed = true;
        first.child.kill("SIGKILL");
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  expect(await first.exit).toBe("SIGKILL");
  expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
  expect(next).toBeLessThan(TOTAL); // the kill came mid-load

  const saved = JSON.parse(fs.readFileSync(file, "utf8"));
  expect(saved.format).toBe("edge-ingress-emulator/1");

  const second = spawnCli(["--data", file, "--root-token", TOKEN]);
  const restarted = new Client(await second.url, TOKEN);
  for (const { path: target, id, description } of acknowledged) {
    const reply = await restarted.get(`${target}/${id}`);
    expect({ id, status: reply.status, description: reply.body.description }).toEqual({ id, status: 200, description });
  }
  // Writes still work on the recovered file.
  expect((await restarted.post("/ip_policies", {})).status).toBe(201);
  second.child.kill("SIGTERM");
  expect(await second.exit).toBe(0);
});
