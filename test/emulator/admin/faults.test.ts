import { request } from "undici";
import { startEmulator, type EmulatorOptions, type RunningEmulator } from "../../../emulator";
import { killAll, requireBuiltCli, spawnCli } from "../spawn";
import { Client, start } from "../../support/emulator";
import { expectError } from "../support";

const opened: RunningEmulator[] = [];
afterEach(async () => {
  killAll();
  await Promise.all(opened.splice(0).map((e) => e.close()));
});

async function emulatorWith(opts: EmulatorOptions): Promise<Client> {
  const { emulator, api } = await start(opts);
  opened.push(emulator);
  return api;
}

/** Turn injection off through the admin surface (never faulted itself), so the state can be read. */
async function faultsOff(api: Client): Promise<void> {
  const reply = await api.put("/_emulator/faults", { latency_ms: [0, 0], fault_rate: 0, faults: ["429"] });
  expect(reply.status).toBe(200);
}

/** What the client sees of a `reset`: the connection reset, no answer. */
const RESET = { code: "ECONNRESET" };

const policies = async (api: Client) => (await api.get("/ip_policies")).body.ip_policies.map((p: { description: string }) => p.description);

/** Poll (bounded by count, not by time) until `check` holds. */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 2000; i++) {
    if (await check()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error("condition never held");
}

describe("fault injection (fault rate 1, one kind)", () => {
  test("429: answered before processing, with Retry-After: 1; nothing changed", async () => {
    const api = await emulatorWith({ faultRate: 1, faults: ["429"] });
    const reply = await api.post("/ip_policies", { description: "never stored" });
    expectError(reply, 429, "RATE_LIMITED");
    expect(reply.headers["retry-after"]).toBe("1");
    // Answered even before authentication: a limiter sits in front of the service.
    expectError(await api.as("not-a-token").get("/ip_policies"), 429, "RATE_LIMITED");
    await faultsOff(api);
    expect(await policies(api)).toEqual([]);
  });

  test("503: answered before processing; nothing changed", async () => {
    const api = await emulatorWith({ faultRate: 1, faults: ["503"] });
    await faultsOff(api);
    const kept = (await api.post("/ip_policies", { description: "kept" })).body;
    await api.put("/_emulator/faults", { latency_ms: [0, 0], fault_rate: 1, faults: ["503"] });
    const reply = await api.del(`/ip_policies/${kept.id}`);
    expectError(reply, 503, "SERVICE_UNAVAILABLE");
    expect(reply.headers["retry-after"]).toBeUndefined();
    await faultsOff(api);
    expect(await policies(api)).toEqual(["kept"]);
  });

  test("reset: the change is applied, then the connection is dropped without an answer", async () => {
    const api = await emulatorWith({ faultRate: 1, faults: ["reset"] });
    await expect(api.post("/ip_policies", { description: "applied" })).rejects.toMatchObject(RESET);
    await faultsOff(api);
    expect(await policies(api)).toEqual(["applied"]);
  });

  test("reset also drops the answer of a request that fails, which changes nothing", async () => {
    const api = await emulatorWith({ faultRate: 1, faults: ["reset"] });
    await expect(api.post("/ip_policies", { description: 5 })).rejects.toMatchObject(RESET);
    await faultsOff(api);
    expect(await policies(api)).toEqual([]);
  });

  test("timeout: the change is applied and no answer comes until the client gives up", async () => {
    const api = await emulatorWith({ faultRate: 1, faults: ["timeout"] });
    const abort = new AbortController();
    let settled = false;
    const pending = request(`${api.url}/ip_policies`, {
      method: "POST",
      headers: { authorization: `Bearer ${api.token}`, "content-type": "application/json" },
      body: JSON.stringify({ description: "held" }),
      signal: abort.signal,
    }).finally(() => (settled = true));
    pending.catch(() => undefined);
    // The choice is made (and counted) before the request is processed.
    await eventually(async () => (await api.get("/_emulator/counters")).body.totals.faults.timeout === 1);
    await faultsOff(api);
    await eventually(async () => (await policies(api)).includes("held"));
    expect(settled).toBe(false);
    abort.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
  });

  test("reset on a DELETE: the record is gone although the client saw no answer", async () => {
    const api = await emulatorWith({});
    const doomed = (await api.post("/ip_policies", {})).body;
    await api.put("/_emulator/faults", { latency_ms: [0, 0], fault_rate: 1, faults: ["reset"] });
    await expect(api.del(`/ip_policies/${doomed.id}`)).rejects.toMatchObject(RESET);
    await faultsOff(api);
    expectError(await api.get(`/ip_policies/${doomed.id}`), 404, "NOT_FOUND");
  });
});

describe("latency", () => {
  test("a fixed latency delays every request by at least that long", async () => {
    const api = await emulatorWith({ latencyMs: 150 });
    for (const call of [() => api.get("/ip_policies"), () => api.post("/ip_policies", {}), () => api.get("/nowhere")]) {
      const t0 = performance.now();
      await call();
      expect(performance.now() - t0).toBeGreaterThanOrEqual(149); // timers may round down by a millisecond
    }
  });

  test("a range delays by at least its minimum", async () => {
    const api = await emulatorWith({ latencyMs: [100, 180] });
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      expect((await api.get("/api_keys")).status).toBe(200);
      expect(performance.now() - t0).toBeGreaterThanOrEqual(99);
    }
  });
});

describe("choices", () => {
  /** The statuses of 40 sequential requests to a fresh emulator with these options. */
  async function statuses(opts: EmulatorOptions): Promise<number[]> {
    const { emulator } = await start(opts);
    try {
      const api = new Client(emulator.url, emulator.rootToken);
      const out: number[] = [];
      for (let i = 0; i < 40; i++) out.push((await api.get("/ip_policies")).status);
      return out;
    } finally {
      await emulator.close();
    }
  }

  test("the same seed gives the same faults; another seed other ones; rate 0.5 mixes", async () => {
    const opts = { faultRate: 0.5, faults: ["429", "503"] as const, faultSeed: 7 };
    const a = await statuses({ ...opts, faults: [...opts.faults] });
    const b = await statuses({ ...opts, faults: [...opts.faults] });
    const c = await statuses({ ...opts, faults: [...opts.faults], faultSeed: 8 });
    expect(a).toEqual(b);
    expect(c).not.toEqual(a);
    expect(new Set(a)).toEqual(new Set([200, 429, 503]));
  });

  test("rate 0 never faults", async () => {
    expect(new Set(await statuses({ faultRate: 0, faultSeed: 1 }))).toEqual(new Set([200]));
  });

  test.each<[EmulatorOptions, RegExp]>([
    [{ faultRate: 1.5 }, /fault_rate/],
    [{ faultRate: -0.1 }, /fault_rate/],
    [{ latencyMs: [5, 3] }, /latency_ms/],
    [{ latencyMs: 60_001 }, /latency_ms/],
    [{ latencyMs: 1.5 }, /latency_ms/],
    [{ faults: [] }, /faults/],
    [{ faults: ["reset", "reset"] }, /faults\[1\]/],
    [{ faults: ["boom" as "429"] }, /faults\[0\]/],
    [{ faultSeed: -1 }, /faultSeed/],
  ])("startEmulator refuses %j", async (opts, message) => {
    await expect(startEmulator(opts)).rejects.toThrow(message);
  });
});

describe("CLI flags", () => {
  beforeAll(requireBuiltCli);

  test("--fault-rate 1 --faults 503 --latency 50-60 --fault-seed 3: every API request is a 503, admin is untouched", async () => {
    const cli = spawnCli(["--root-token", "flag-root", "--fault-rate", "1", "--faults", "503", "--latency", "50-60", "--fault-seed", "3"]);
    const api = new Client(await cli.url, "flag-root");
    expectError(await api.post("/ip_policies", {}), 503, "SERVICE_UNAVAILABLE");
    const settings = await api.get("/_emulator/faults");
    expect(settings).toMatchObject({ status: 200, body: { latency_ms: [50, 60], fault_rate: 1, faults: ["503"] } });
    cli.child.kill("SIGTERM");
    expect(await cli.exit).toBe(0);
  });

  test("without fault flags: no faults, all four kinds allowed", async () => {
    const cli = spawnCli(["--root-token", "flag-root"]);
    const api = new Client(await cli.url, "flag-root");
    expect((await api.get("/_emulator/faults")).body).toEqual({
      latency_ms: [0, 0],
      fault_rate: 0,
      faults: ["429", "503", "reset", "timeout"],
      rate_limit: null,
    });
    expect((await api.get("/ip_policies")).status).toBe(200);
  });

  test.each([
    [["--latency", "5-3"], /--latency: .*min <= max/],
    [["--latency", "fast"], /--latency must be/],
    [["--latency", "60001"], /--latency: must be at most 60000/],
    [["--fault-rate", "1.01"], /--fault-rate: must be at most 1/],
    [["--fault-rate", "-1"], /fault-rate/],
    [["--fault-rate", "half"], /--fault-rate must be a number/],
    [["--faults", "429,drop"], /--faults: must be one of 429, 503, reset, timeout, got "drop"/],
    [["--faults", "reset,reset"], /--faults: must not repeat/],
    [["--faults", ""], /--faults/],
    [["--fault-seed", "x"], /--fault-seed must be an integer/],
    [["--fault-seed", "4294967296"], /--fault-seed must be an integer/],
  ])("bad fault flags %j: exit 2 with a message naming the flag", async (args, message) => {
    const cli = spawnCli(args);
    expect(await cli.exit).toBe(2);
    expect(cli.stderr()).toMatch(message);
    expect(cli.stdout()).toBe("");
  });
});
