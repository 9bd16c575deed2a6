/** Idempotency keys: the extension's contract (docs/api-choices.md#idempotency-keys). */
import { request } from "undici";
import { IdempotencyCache } from "../../../emulator/http/idempotency";
import { useEmulator, start } from "../../support/emulator";
import { expectError } from "../support";

const emu = useEmulator();
const { api } = emu;

afterEach(async () => {
  await api.put("/_emulator/faults", { latency_ms: [0, 0], fault_rate: 0, faults: ["429"] });
});

let counter = 0;
/** A key no other test uses. */
const newKey = () => `key-${process.pid}-${++counter}-${Math.random().toString(36).slice(2)}`;
const withKey = (key: string) => ({ headers: { "idempotency-key": key } });
const policyCount = async () => (await api.listAll("/ip_policies", "ip_policies")).length;

async function faults(kind: "429" | "503" | "reset" | "timeout"): Promise<void> {
  expect((await api.put("/_emulator/faults", { latency_ms: [0, 0], fault_rate: 1, faults: [kind] })).status).toBe(200);
}
async function faultsOff(): Promise<void> {
  expect((await api.put("/_emulator/faults", { latency_ms: [0, 0], fault_rate: 0, faults: ["429"] })).status).toBe(200);
}

describe("Edge-Ingress-Extensions", () => {
  test("every answer names the extension: successes, errors, 204s, unknown routes, admin routes", async () => {
    const created = await api.post("/ip_policies", {});
    const replies = [
      created,
      await api.get("/ip_policies"),
      await api.del(`/ip_policies/${created.body.id}`),
      await api.get("/nowhere"),
      await api.call("PUT", "/ip_policies"),
      await api.get("/ip_policies", { token: null }),
      await api.post("/ip_policies", { description: 5 }),
      await api.get("/_emulator/counters"),
    ];
    expect(replies.map((r) => r.status)).toEqual([201, 200, 204, 404, 405, 401, 400, 200]);
    for (const reply of replies) expect(reply.headers["edge-ingress-extensions"]).toBe("idempotency-key");
  });

  test("injected faults carry it too", async () => {
    await faults("503");
    const reply = await api.get("/ip_policies");
    expectError(reply, 503, "SERVICE_UNAVAILABLE");
    expect(reply.headers["edge-ingress-extensions"]).toBe("idempotency-key");
  });
});

describe("a POST with Idempotency-Key", () => {
  test("a retry with the same key and request gets the first answer, marked replayed, and nothing new is made", async () => {
    const key = newKey();
    const before = await policyCount();
    const first = await api.post("/ip_policies", { description: "once", metadata: "m" }, withKey(key));
    expect(first.status).toBe(201);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    const again = await api.post("/ip_policies", { metadata: "m", description: "once" }, withKey(key)); // key order does not matter
    expect(again.status).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(again.headers["edge-ingress-operation-id"]).not.toBe(first.headers["edge-ingress-operation-id"]);
    expect(await policyCount()).toBe(before + 1);
  });

  test("the same key with another body, path or method is IDEMPOTENCY_KEY_REUSED and nothing is processed", async () => {
    const key = newKey();
    const first = await api.post("/ip_policies", { description: "a" }, withKey(key));
    expect(first.status).toBe(201);
    for (const [path, body] of [
      ["/ip_policies", { description: "b" }],
      ["/ip_policies", {}],
      ["/backends/tunnel_group", { description: "a" }],
    ] as const) {
      const reply = await api.unchanged(() => api.post(path, body, withKey(key)));
      expectError(reply, 400, "IDEMPOTENCY_KEY_REUSED", "Idempotency-Key");
      expect(reply.headers["idempotent-replayed"]).toBeUndefined();
    }
    // The remembered answer is still there for the right request.
    expect((await api.post("/ip_policies", { description: "a" }, withKey(key))).body).toEqual(first.body);
  });

  test("a request that failed is not remembered: the retry is processed anew", async () => {
    const key = newKey();
    expectError(await api.post("/ip_policies", { description: 5 }, withKey(key)), 400, "INVALID_FIELD", "description");
    const retry = await api.post("/ip_policies", { description: "fixed" }, withKey(key));
    expect(retry.status).toBe(201);
    expect(retry.headers["idempotent-replayed"]).toBeUndefined();
    // A 409 is not remembered either.
    const conflictKey = newKey();
    const domain = { domain: `idem-${counter}.example.com` };
    expect((await api.post("/reserved_domains", domain)).status).toBe(201);
    expectError(await api.post("/reserved_domains", domain, withKey(conflictKey)), 409, "CONFLICT");
    expect((await api.post("/ip_policies", {}, withKey(conflictKey))).status).toBe(201);
  });

  test("keys are per principal: another credential with the same key makes its own record", async () => {
    const key = newKey();
    const apiKey = (await api.post("/api_keys", {})).body;
    const asKey = api.as(apiKey.token); // owned by the admin user, but not the root token
    const byRoot = await api.post("/ip_policies", { description: "p" }, withKey(key));
    const byKey = await asKey.post("/ip_policies", { description: "p" }, withKey(key));
    expect(byKey.status).toBe(201);
    expect(byKey.headers["idempotent-replayed"]).toBeUndefined();
    expect(byKey.body.id).not.toBe(byRoot.body.id);
    expect((await asKey.post("/ip_policies", { description: "p" }, withKey(key))).body.id).toBe(byKey.body.id);
  });

  test("a replayed API key create carries the token, which works", async () => {
    const key = newKey();
    const first = await api.post("/api_keys", { description: "retry me" }, withKey(key));
    const again = await api.post("/api_keys", { description: "retry me" }, withKey(key));
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.body.token).toBe(first.body.token);
    expect(typeof again.body.token).toBe("string");
    expect((await api.as(again.body.token).get("/api_keys")).status).toBe(200);
    const keys = await api.listAll("/api_keys", "keys");
    expect(keys.filter((k) => k.description === "retry me")).toHaveLength(1);
  });

  test("concurrent requests with one key make one record", async () => {
    const key = newKey();
    const before = await policyCount();
    const replies = await Promise.all(Array.from({ length: 6 }, () => api.post("/ip_policies", { description: "race" }, withKey(key))));
    expect(new Set(replies.map((r) => r.body.id)).size).toBe(1);
    expect(replies.filter((r) => r.headers["idempotent-replayed"] === "true")).toHaveLength(5);
    expect(await policyCount()).toBe(before + 1);
  });

  test("a replay still answers after the record was deleted", async () => {
    const key = newKey();
    const first = await api.post("/ip_policies", {}, withKey(key));
    expect((await api.del(`/ip_policies/${first.body.id}`)).status).toBe(204);
    const again = await api.post("/ip_policies", {}, withKey(key));
    expect(again).toMatchObject({ status: 201, body: first.body });
    expectError(await api.get(`/ip_policies/${first.body.id}`), 404, "NOT_FOUND");
  });

  test.each([
    ["empty", ""],
    ["256 characters", "k".repeat(256)],
    ["an inner space", "two words"],
    ["a control character", "a\tb"],
  ])("a key that is %s is INVALID_HEADER and nothing is made", async (_name, value) => {
    const reply = await api.unchanged(() => api.post("/ip_policies", {}, withKey(value)));
    expectError(reply, 400, "INVALID_HEADER", "Idempotency-Key");
    if (value !== "") expect(reply.text).not.toContain(value);
  });

  test("255 visible characters are a valid key", async () => {
    const key = `${newKey()}~`.padEnd(255, "!");
    expect((await api.post("/ip_policies", {}, withKey(key))).status).toBe(201);
    expect((await api.post("/ip_policies", {}, withKey(key))).headers["idempotent-replayed"]).toBe("true");
  });

  test("the header is ignored on other methods", async () => {
    const { id } = (await api.post("/ip_policies", {})).body;
    expect((await api.patch(`/ip_policies/${id}`, { description: "x" }, withKey(""))).status).toBe(200);
    expect((await api.get(`/ip_policies/${id}`, withKey("bad key"))).status).toBe(200);
  });

  test("POST /_emulator/reset forgets the remembered answers", async () => {
    const { emulator: own, api: client } = await start();
    try {
      const key = newKey();
      const first = await client.post("/ip_policies", {}, withKey(key));
      expect((await client.post("/_emulator/reset")).status).toBe(204);
      const after = await client.post("/ip_policies", {}, withKey(key));
      expect(after.status).toBe(201);
      expect(after.headers["idempotent-replayed"]).toBeUndefined();
      expect(after.body.id).not.toBe(first.body.id);
    } finally {
      await own.close();
    }
  });
});

describe("with injected faults", () => {
  test("reset: the request was processed and its answer lost; the retry with the key replays it", async () => {
    const key = newKey();
    const before = await policyCount();
    await faults("reset");
    await expect(api.post("/ip_policies", { description: "lost answer" }, withKey(key))).rejects.toMatchObject({ code: "ECONNRESET" });
    await faultsOff();
    const retry = await api.post("/ip_policies", { description: "lost answer" }, withKey(key));
    expect(retry.status).toBe(201);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(await policyCount()).toBe(before + 1);
  });

  test("timeout (held answer): the retry with the key replays it", async () => {
    const key = newKey();
    const before = await policyCount();
    await faults("timeout");
    const abort = new AbortController();
    const pending = request(`${api.url}/ip_policies`, {
      method: "POST",
      headers: { authorization: `Bearer ${api.token}`, "content-type": "application/json", "idempotency-key": key },
      body: JSON.stringify({ description: "held answer" }),
      signal: abort.signal,
    });
    pending.catch(() => undefined);
    for (let i = 0; i < 2000 && (await api.get("/_emulator/counters")).body.totals.faults.timeout === 0; i++) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    await faultsOff();
    // The held request is processed; poll until its record is there.
    for (let i = 0; i < 2000 && (await policyCount()) === before; i++) await new Promise((resolve) => setImmediate(resolve));
    const retry = await api.post("/ip_policies", { description: "held answer" }, withKey(key));
    abort.abort();
    expect(retry.status).toBe(201);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(retry.body.description).toBe("held answer");
    expect(await policyCount()).toBe(before + 1);
  });

  test.each(["429", "503"] as const)("%s is answered before processing: nothing is remembered", async (kind) => {
    const key = newKey();
    await faults(kind);
    expect((await api.post("/ip_policies", { description: "first" }, withKey(key))).status).toBe(Number(kind));
    await faultsOff();
    // Not IDEMPOTENCY_KEY_REUSED: the faulted request left nothing behind.
    const other = await api.post("/ip_policies", { description: "second" }, withKey(key));
    expect(other.status).toBe(201);
    expect(other.headers["idempotent-replayed"]).toBeUndefined();
  });
});

describe("IdempotencyCache", () => {
  const root = { ownerId: "usr_a", admin: true };

  test("an answer is kept for the TTL, then forgotten", () => {
    let now = 1_000;
    const cache = new IdempotencyCache({ ttlMs: 100, now: () => now });
    cache.remember(root, "k", "POST /x\n{}", { status: 201, body: { id: 1 } });
    now += 99;
    expect(cache.lookup(root, "k", "POST /x\n{}")).toEqual({ status: 201, body: { id: 1 } });
    now += 1;
    expect(cache.lookup(root, "k", "POST /x\n{}")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  test("at most maxEntries answers, the newest kept", () => {
    const cache = new IdempotencyCache({ maxEntries: 3 });
    for (let i = 0; i < 5; i++) cache.remember(root, `k${i}`, "p", { status: 201, body: i });
    expect(cache.size).toBe(3);
    expect(cache.lookup(root, "k1", "p")).toBeUndefined();
    expect(cache.lookup(root, "k2", "p")).toEqual({ status: 201, body: 2 });
    expect(cache.lookup(root, "k4", "p")).toEqual({ status: 201, body: 4 });
  });

  test("the default is 24 hours and 10,000 answers", () => {
    let now = 0;
    const cache = new IdempotencyCache({ now: () => now });
    for (let i = 0; i < 10_001; i++) cache.remember(root, `k${i}`, "p", { status: 201 });
    expect(cache.size).toBe(10_000);
    now = 24 * 60 * 60 * 1000 - 1;
    expect(cache.lookup(root, "k10000", "p")).toEqual({ status: 201 });
    now += 1;
    expect(cache.size).toBe(0);
  });

  test("a remembered answer cannot be changed through what lookup returns", () => {
    const cache = new IdempotencyCache();
    cache.remember(root, "k", "p", { status: 201, body: { a: 1 } });
    const got = cache.lookup(root, "k", "p")!;
    (got.body as { a: number }).a = 2;
    expect(cache.lookup(root, "k", "p")).toEqual({ status: 201, body: { a: 1 } });
  });
});
