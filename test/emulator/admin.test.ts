import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { KINDS } from "../../emulator/state";
import { useEmulator, start } from "../support/emulator";
import { expectError } from "./support";

// A fresh emulator for every test: the admin operations change its whole state.
const emu = useEmulator({}, "each");
const { api } = emu;

let keyToken: string;

beforeEach(async () => {
  keyToken = (await api.post("/api_keys", { description: "not root" })).body.token;
  expect((await api.del("/_emulator/counters")).status).toBe(204);
});

const DEFAULTS = { latency_ms: [0, 0], fault_rate: 0, faults: ["429", "503", "reset", "timeout"], rate_limit: null };
const zeroFaults = { "429": 0, "503": 0, reset: 0, timeout: 0 };

// Every row has its body slot: test.each would take a missing third argument for jest's `done` callback.
const ADMIN: Array<[string, string, unknown]> = [
  ["POST", "/_emulator/reset", undefined],
  ["GET", "/_emulator/counters", undefined],
  ["GET", "/_emulator/snapshot", undefined],
  ["DELETE", "/_emulator/counters", undefined],
  ["GET", "/_emulator/faults", undefined],
  ["PUT", "/_emulator/faults", DEFAULTS],
];

describe("admin auth", () => {
  test.each(ADMIN)("%s %s: an API key gets 403, no token 401, the root token succeeds", async (method, target, json) => {
    await api.post("/ip_policies", {});
    const before = await api.snapshot();
    expectError(await api.call(method, target, { json, token: keyToken }), 403, "FORBIDDEN");
    expectError(await api.call(method, target, { json, token: null }), 401, "UNAUTHORIZED");
    expectError(await api.call(method, target, { json, token: "wrong" }), 401, "UNAUTHORIZED");
    expect(await api.snapshot()).toEqual(before);
    expect((await api.call(method, target, { json })).status).toBeLessThan(300);
  });

  test("unknown admin paths are 404 and wrong methods 405, like any route", async () => {
    expectError(await api.get("/_emulator/nothing"), 404, "ROUTE_NOT_FOUND");
    const reply = await api.get("/_emulator/reset");
    expectError(reply, 405, "METHOD_NOT_ALLOWED");
    expect(reply.headers.allow).toBe("POST");
  });
});

describe("POST /_emulator/reset", () => {
  test("empties every collection and keeps the root token and the admin user", async () => {
    const owner = (await api.get("/api_keys")).body.keys[0].owner_id;
    const policy = (await api.post("/ip_policies", {})).body.id;
    await api.post("/ip_restrictions", { type: "agent", ip_policy_ids: [policy] });
    const tg = (await api.post("/backends/tunnel_group", {})).body.id;
    const edge = (await api.post("/edges/https", { hostports: ["r.example.com:443"] })).body.id;
    await api.post(`/edges/https/${edge}/routes`, { match_type: "path_prefix", match: "/", backend: { backend_id: tg } });
    const destination = (
      await api.post("/event_destinations", {
        target: { logs: { auth: { role: { role_resource_name: "r" } }, log_group_resource_name: "lg" } },
      })
    ).body.id;
    await api.post("/event_subscriptions", { destination_ids: [destination], sources: [{ type: "ip_policy_created.v0" }] });

    const reply = await api.post("/_emulator/reset");
    expect(reply.status).toBe(204);
    expect(reply.text).toBe("");

    const { collections } = JSON.parse(await api.snapshot());
    for (const [name, records] of Object.entries(collections)) expect([name, records]).toEqual([name, []]);
    expectError(await api.as(keyToken).get("/ip_policies"), 401, "UNAUTHORIZED");
    // The hostport is free again, and new keys belong to the same admin user.
    expect((await api.post("/edges/tcp", { hostports: ["r.example.com:443"] })).status).toBe(201);
    expect((await api.post("/api_keys", {})).body.owner_id).toBe(owner);
  });

  test("with a data file the empty state is persisted", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ei-admin-"));
    try {
      const file = path.join(dir, "state.json");
      const first = await start({ dataFile: file });
      await first.api.post("/ip_policies", {});
      const owner = (await first.api.post("/api_keys", {})).body.owner_id;
      expect((await first.api.post("/_emulator/reset")).status).toBe(204);
      await first.emulator.close();
      const saved = JSON.parse(fs.readFileSync(file, "utf8"));
      expect(Object.values(saved.collections).flat()).toEqual([]);
      expect(saved.admin_user_id).toBe(owner);
      const second = await start({ dataFile: file });
      try {
        expect((await second.api.get("/ip_policies")).body.ip_policies).toEqual([]);
      } finally {
        await second.emulator.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("GET /_emulator/snapshot", () => {
  test("answers every collection as the data file holds it, in one request; a create, a change and a delete show", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ei-admin-"));
    try {
      const file = path.join(dir, "state.json");
      const { emulator, api: root } = await start({ dataFile: file });
      try {
        const saved = () => JSON.parse(fs.readFileSync(file, "utf8"));
        const empty = await root.get("/_emulator/snapshot");
        expect(empty.status).toBe(200);
        expect(empty.body).toEqual(saved());
        expect(Object.keys(empty.body.collections).sort()).toEqual(KINDS.map((k) => k.collectionKey).sort());

        const policy = (await root.post("/ip_policies", { description: "one" })).body.id;
        await root.post("/ip_policy_rules", { ip_policy_id: policy, cidr: "10.0.0.0/8", action: "allow" });
        const created = (await root.get("/_emulator/snapshot")).body;
        expect(created).toEqual(saved());
        expect(created.collections.ip_policies).toEqual([expect.objectContaining({ id: policy, description: "one" })]);
        expect(created.collections.ip_policy_rules).toEqual([expect.objectContaining({ ip_policy_id: policy })]);

        await root.patch(`/ip_policies/${policy}`, { description: "two" });
        expect((await root.get("/_emulator/snapshot")).body.collections.ip_policies).toEqual([
          expect.objectContaining({ description: "two" }),
        ]);

        await root.del(`/ip_policies/${policy}`); // its rules go with it
        const deleted = (await root.get("/_emulator/snapshot")).body;
        expect(deleted).toEqual(saved());
        expect(deleted).toEqual(empty.body);
      } finally {
        await emulator.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("counters", () => {
  test("count requests per route pattern and in total; admin requests are not counted; the first and last accepted times", async () => {
    const before = new Date().toISOString();
    const a = (await api.post("/ip_policies", {})).body.id;
    await api.post("/ip_policies", { description: 1 }); // a 400 is a request too
    await api.get(`/ip_policies/${a}`);
    await api.as(keyToken).get("/ip_policies/ipp_nothing");
    await api.get("/no/such/route"); // no pattern: in the totals only
    await api.get("/_emulator/faults");
    await api.get("/_emulator/snapshot");

    const after = new Date().toISOString();
    const counters = (await api.get("/_emulator/counters")).body;
    expect(counters).toEqual({
      routes: {
        "GET /ip_policies/{id}": { requests: 2, rate_limited: 0, faults: zeroFaults },
        "POST /ip_policies": { requests: 2, rate_limited: 0, faults: zeroFaults },
      },
      totals: { requests: 5, rate_limited: 0, faults: zeroFaults },
      accepted: { first: expect.any(String), last: expect.any(String) },
    });
    const { first, last } = counters.accepted;
    expect([before <= first, first <= last, last <= after]).toEqual([true, true, true]);
  });

  test("count injected faults by kind", async () => {
    await api.put("/_emulator/faults", { latency_ms: [0, 0], fault_rate: 1, faults: ["503"] });
    await api.get("/ip_policies");
    await api.get("/ip_policies");
    await api.put("/_emulator/faults", { latency_ms: [0, 0], fault_rate: 1, faults: ["429"] });
    await api.post("/ip_policies", {});
    await api.put("/_emulator/faults", DEFAULTS);
    await api.post("/ip_policies", {});

    const { routes, totals } = (await api.get("/_emulator/counters")).body;
    expect(routes["GET /ip_policies"]).toEqual({ requests: 2, rate_limited: 0, faults: { ...zeroFaults, "503": 2 } });
    expect(routes["POST /ip_policies"]).toEqual({ requests: 2, rate_limited: 0, faults: { ...zeroFaults, "429": 1 } });
    expect(totals).toEqual({ requests: 4, rate_limited: 0, faults: { ...zeroFaults, "503": 2, "429": 1 } });
  });

  test("DELETE sets every counter back to zero", async () => {
    await api.get("/ip_policies");
    expect((await api.get("/_emulator/counters")).body.totals.requests).toBe(1);
    const reply = await api.del("/_emulator/counters");
    expect(reply.status).toBe(204);
    expect((await api.get("/_emulator/counters")).body).toEqual({
      routes: {},
      totals: { requests: 0, rate_limited: 0, faults: zeroFaults },
      accepted: { first: null, last: null },
    });
  });
});

describe("GET and PUT /_emulator/faults", () => {
  test("defaults, then a PUT replaces the settings and GET shows them", async () => {
    expect(await api.get("/_emulator/faults")).toMatchObject({ status: 200, body: DEFAULTS });
    const next = { latency_ms: [1, 2], fault_rate: 0.25, faults: ["timeout", "429"], rate_limit: null };
    expect(await api.put("/_emulator/faults", next)).toMatchObject({ status: 200, body: next });
    expect((await api.get("/_emulator/faults")).body).toEqual(next);
  });

  test("admin requests are never faulted", async () => {
    await api.put("/_emulator/faults", { latency_ms: [0, 0], fault_rate: 1, faults: ["reset"] });
    // The PUT (last) puts the defaults back, so the API request in between must be reset.
    for (const [method, target, json] of ADMIN.slice(0, -1)) expect((await api.call(method, target, { json })).status).toBeLessThan(300);
    await expect(api.get("/ip_policies")).rejects.toMatchObject({ code: "ECONNRESET" });
    const [method, target, json] = ADMIN[ADMIN.length - 1];
    expect((await api.call(method, target, { json })).status).toBe(200);
  });

  const base = { latency_ms: [0, 10], fault_rate: 0.5, faults: ["429"] };
  test.each<[string, unknown, number, string, string]>([
    ["unknown field", { ...base, seed: 1 }, 400, "UNKNOWN_FIELD", "seed"],
    ["missing latency", { fault_rate: 0, faults: ["429"] }, 400, "MISSING_FIELD", "latency_ms"],
    ["missing faults", { latency_ms: [0, 0], fault_rate: 0 }, 400, "MISSING_FIELD", "faults"],
    ["latency not an array", { ...base, latency_ms: 5 }, 400, "INVALID_FIELD", "latency_ms"],
    ["latency of one item", { ...base, latency_ms: [5] }, 400, "INVALID_FIELD", "latency_ms"],
    ["latency min over max", { ...base, latency_ms: [9, 3] }, 400, "INVALID_FIELD", "latency_ms"],
    ["latency negative", { ...base, latency_ms: [-1, 3] }, 400, "INVALID_FIELD", "latency_ms[0]"],
    ["latency over 60 s", { ...base, latency_ms: [0, 60_001] }, 400, "INVALID_FIELD", "latency_ms[1]"],
    ["latency a string", { ...base, latency_ms: ["1", 2] }, 400, "INVALID_FIELD", "latency_ms[0]"],
    ["rate over 1", { ...base, fault_rate: 1.01 }, 400, "INVALID_FIELD", "fault_rate"],
    ["rate a string", { ...base, fault_rate: "0.5" }, 400, "INVALID_FIELD", "fault_rate"],
    ["rate null", { ...base, fault_rate: null }, 400, "INVALID_FIELD", "fault_rate"],
    ["no fault kinds", { ...base, faults: [] }, 400, "INVALID_FIELD", "faults"],
    ["an unknown kind", { ...base, faults: ["429", "drop"] }, 400, "INVALID_FIELD", "faults[1]"],
    ["a number for a kind", { ...base, faults: [429] }, 400, "INVALID_FIELD", "faults[0]"],
    ["a repeated kind", { ...base, faults: ["429", "429"] }, 400, "INVALID_FIELD", "faults[1]"],
  ])("refuses %s, naming the field, and keeps the settings", async (_, body, status, code, field) => {
    expectError(await api.put("/_emulator/faults", body), status, code, field);
    expect((await api.get("/_emulator/faults")).body).toEqual(DEFAULTS);
  });

  test("a body that is not a JSON object is refused like on every route", async () => {
    expectError(
      await api.call("PUT", "/_emulator/faults", { raw: "[1]", headers: { "content-type": "application/json" } }),
      400,
      "MALFORMED_JSON",
    );
    expectError(
      await api.call("PUT", "/_emulator/faults", { raw: "x", headers: { "content-type": "text/plain" } }),
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    );
  });
});
