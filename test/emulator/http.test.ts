import { Readable } from "node:stream";
import { request } from "undici";
import type { AddressInfo } from "node:net";
import type { LogEntry } from "../../emulator";
import { ApiError } from "../../emulator/errors";
import { createEmulatorServer, type RequestInfo } from "../../emulator/server";
import { KINDS } from "../../emulator/state";
import { Store } from "../../emulator/state/store";
import { useEmulator, start, Client } from "../support/emulator";
import { expectError } from "./support";

const emu = useEmulator();
const { api } = emu;

const MIB = 1024 * 1024;

describe("request bodies", () => {
  test("malformed JSON is MALFORMED_JSON", async () => {
    const reply = await api.unchanged(() =>
      api.call("POST", "/ip_policies", { raw: '{"description": ', headers: { "content-type": "application/json" } }),
    );
    expectError(reply, 400, "MALFORMED_JSON");
  });

  test.each([
    ["an array", "[]"],
    ["a string", '"x"'],
    ["null", "null"],
    ["a number", "5"],
  ])("a JSON body that is %s is MALFORMED_JSON", async (_name, raw) => {
    const reply = await api.unchanged(() => api.call("POST", "/ip_policies", { raw, headers: { "content-type": "application/json" } }));
    expectError(reply, 400, "MALFORMED_JSON");
  });

  test("invalid UTF-8 is MALFORMED_JSON", async () => {
    const raw = Buffer.from([0x7b, 0x22, 0x64, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]);
    expectError(await api.call("POST", "/ip_policies", { raw, headers: { "content-type": "application/json" } }), 400, "MALFORMED_JSON");
  });

  test.each([
    ["text/plain", { "content-type": "text/plain" }],
    ["form data", { "content-type": "application/x-www-form-urlencoded" }],
    ["a non-UTF-8 charset", { "content-type": "application/json; charset=latin1" }],
    ["no content type", {}],
  ])("a body sent as %s is UNSUPPORTED_MEDIA_TYPE", async (_name, headers) => {
    const reply = await api.unchanged(() => api.call("POST", "/ip_policies", { raw: "{}", headers }));
    expectError(reply, 415, "UNSUPPORTED_MEDIA_TYPE");
  });

  test("application/json with charset=utf-8 is accepted", async () => {
    const reply = await api.call("POST", "/ip_policies", {
      raw: '{"description":"ok"}',
      headers: { "content-type": "Application/JSON; charset=UTF-8" },
    });
    expect(reply.status).toBe(201);
    expect(reply.body.description).toBe("ok");
  });

  test("an empty PATCH body changes nothing and answers 200", async () => {
    const policy = (await api.post("/ip_policies", { description: "keep" })).body;
    const reply = await api.call("PATCH", `/ip_policies/${policy.id}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual(policy);
  });

  test("a body over 1 MiB is BODY_TOO_LARGE (with Content-Length)", async () => {
    const raw = JSON.stringify({ description: "x".repeat(MIB) });
    const reply = await api.unchanged(() => api.call("POST", "/ip_policies", { raw, headers: { "content-type": "application/json" } }));
    expectError(reply, 413, "BODY_TOO_LARGE");
  });

  test("a chunked body over 1 MiB is BODY_TOO_LARGE", async () => {
    async function* chunks() {
      yield Buffer.from('{"description":"');
      for (let i = 0; i < 12; i++) yield Buffer.alloc(100_000, 0x61);
      yield Buffer.from('"}');
    }
    const reply = await api.unchanged(() =>
      api.call("POST", "/ip_policies", { raw: Readable.from(chunks()), headers: { "content-type": "application/json" } }),
    );
    expectError(reply, 413, "BODY_TOO_LARGE");
  });

  test("a body of exactly 1 MiB is read and validated", async () => {
    const prefix = '{"description":"';
    const raw = prefix + "x".repeat(MIB - prefix.length - 2) + '"}';
    expect(Buffer.byteLength(raw)).toBe(MIB);
    expectError(
      await api.call("POST", "/ip_policies", { raw, headers: { "content-type": "application/json" } }),
      400,
      "INVALID_FIELD",
      "description",
    );
  });
});

describe("routing", () => {
  test("an unknown path is ROUTE_NOT_FOUND", async () => {
    expectError(await api.get("/nothing_here"), 404, "ROUTE_NOT_FOUND");
    expectError(await api.get("/api_keys/ak_1/extra"), 404, "ROUTE_NOT_FOUND");
    expectError(await api.get("/"), 404, "ROUTE_NOT_FOUND");
  });

  test("a wrong method is METHOD_NOT_ALLOWED with Allow", async () => {
    const onItem = await api.call("PUT", "/ip_policies/ipp_1", { json: {} });
    expectError(onItem, 405, "METHOD_NOT_ALLOWED");
    expect(onItem.headers.allow).toBe("DELETE, GET, PATCH");
    const onCollection = await api.call("DELETE", "/api_keys");
    expectError(onCollection, 405, "METHOD_NOT_ALLOWED");
    expect(onCollection.headers.allow).toBe("GET, POST");
  });

  test("unknown or repeated query parameters are INVALID_QUERY", async () => {
    expectError(await api.get("/ip_policies?page=2"), 400, "INVALID_QUERY");
    expectError(await api.get("/ip_policies?limit=1&limit=2"), 400, "INVALID_QUERY");
    const { id } = (await api.post("/ip_policies", {})).body;
    expectError(await api.get(`/ip_policies/${id}?limit=1`), 400, "INVALID_QUERY");
    expectError(await api.unchanged(() => api.post("/ip_policies?x=1", {})), 400, "INVALID_QUERY");
  });
});

describe("Service-Version", () => {
  test("absent is served as version 2", async () => {
    const res = await request(`${emu.url}/ip_policies`, { headers: { authorization: `Bearer ${emu.emulator.rootToken}` } });
    expect(res.statusCode).toBe(200);
    await res.body.dump();
  });

  test("present but empty is not version 2", async () => {
    expectError(await api.get("/ip_policies", { headers: { "service-version": "" } }), 400, "UNSUPPORTED_VERSION");
  });

  test.each(["1", "3", "2.0", "v2"])("%s is UNSUPPORTED_VERSION naming version 2", async (version) => {
    const reply = await api.unchanged(() => api.post("/ip_policies", {}, { headers: { "service-version": version } }));
    expectError(reply, 400, "UNSUPPORTED_VERSION");
    expect(reply.body.msg).toContain("supported version is 2");
  });
});

describe("responses", () => {
  test("every response carries a fresh operation id header", async () => {
    const created = await api.post("/ip_policies", {});
    const deleted = await api.del(`/ip_policies/${created.body.id}`);
    const failed = await api.get("/nowhere");
    const ids = [created, deleted, failed].map((r) => r.headers["edge-ingress-operation-id"]);
    ids.forEach((id) => expect(id).toMatch(/^op_[0-9a-f]{32}$/));
    expect(new Set(ids).size).toBe(3);
    expect(failed.body.details.operation_id).toBe(ids[2]);
  });

  test("bad input of any shape is a 4xx, never a 5xx", async () => {
    const { id: policy } = (await api.post("/ip_policies", {})).body;
    const { id: key } = (await api.post("/api_keys", {})).body;
    const { id: restriction } = (await api.post("/ip_restrictions", { type: "api", ip_policy_ids: [policy] })).body;
    const weird = [null, true, 0, -1.5, "", "x".repeat(5000), [], [null], {}, { a: [1] }];
    const fields = ["description", "metadata", "owner_id", "type", "enforced", "ip_policy_ids", "__proto__", "constructor"];
    const targets: Array<[string, string]> = [
      ["POST", "/api_keys"],
      ["PATCH", `/api_keys/${key}`],
      ["POST", "/ip_policies"],
      ["PATCH", `/ip_policies/${policy}`],
      ["POST", "/ip_restrictions"],
      ["PATCH", `/ip_restrictions/${restriction}`],
    ];
    const failures: string[] = [];
    for (const [method, path] of targets) {
      for (const field of fields) {
        for (const value of weird) {
          const raw = `{${JSON.stringify(field)}: ${JSON.stringify(value)}}`;
          const reply = await api.call(method, path, { raw, headers: { "content-type": "application/json" } });
          if (reply.status >= 500 || reply.status === 0) failures.push(`${method} ${path} ${raw.slice(0, 40)} → ${reply.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect((await api.get(`/ip_restrictions/${restriction}`)).status).toBe(200);
  });
});

describe("request hooks", () => {
  test("a hook sees each request with its route and can answer in its place", async () => {
    const seen: RequestInfo[] = [];
    const server = createEmulatorServer({
      store: Store.open(KINDS),
      rootToken: "hook-root",
      hooks: [
        (info) => {
          seen.push(info);
          if (info.route === "POST /ip_policies") throw new ApiError("SERVICE_UNAVAILABLE", "injected");
        },
      ],
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const client = new Client(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, "hook-root");
      expectError(await client.post("/ip_policies", {}), 503, "SERVICE_UNAVAILABLE");
      expect((await client.get("/ip_policies")).body.ip_policies).toEqual([]);
      expectError(await client.get("/missing"), 404, "ROUTE_NOT_FOUND");
      expect(seen.map((s) => [s.method, s.path, s.route])).toEqual([
        ["POST", "/ip_policies", "POST /ip_policies"],
        ["GET", "/ip_policies", "GET /ip_policies"],
        ["GET", "/missing", null],
      ]);
      expect(seen[0].operationId).toMatch(/^op_/);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("log", () => {
  test("an internal error goes to the sink with its stack; every error answer goes as info with its body", async () => {
    const entries: LogEntry[] = [];
    const server = createEmulatorServer({
      store: Store.open(KINDS),
      rootToken: "log-root",
      log: (entry) => entries.push(entry),
      hooks: [
        (info) => {
          if (info.route === "POST /ip_policies") throw new TypeError("boom in a hook");
        },
      ],
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const client = new Client(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, "log-root");
      const failed = await client.post("/ip_policies", {});
      expectError(failed, 500, "INTERNAL_ERROR");
      expectError(await client.get("/missing"), 404, "ROUTE_NOT_FOUND");
      expect(entries.map((e) => e.level)).toEqual(["error", "info", "info"]);
      expect(entries[0].message).toMatch(/internal error \(op_\w+\):\s+TypeError: boom in a hook\n\s+at /);
      expect(JSON.parse(entries[1].message.replace(/^500 POST \/ip_policies /, ""))).toEqual(failed.body);
      expect(entries[2].message).toMatch(/^404 GET \/missing \{"error_code":"ROUTE_NOT_FOUND"/);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test("startEmulator passes its log option through; without one, error answers are not printed", async () => {
    const entries: LogEntry[] = [];
    const logged = await start({ log: (entry) => entries.push(entry) });
    const written: string[] = [];
    const spy = jest.spyOn(process.stderr, "write").mockImplementation((chunk) => (written.push(String(chunk)), true));
    try {
      expectError(await new Client(logged.emulator.url, "wrong-token").get("/ip_policies"), 401, "UNAUTHORIZED");
      expectError(await new Client(emu.url, "wrong-token").get("/ip_policies"), 401, "UNAUTHORIZED");
    } finally {
      spy.mockRestore();
      await logged.emulator.close();
    }
    expect(entries).toEqual([{ level: "info", message: expect.stringMatching(/^401 GET \/ip_policies \{"error_code":"UNAUTHORIZED"/) }]);
    expect(written).toEqual([]);
  });
});

test("uris follow the Host the client used", async () => {
  const res = await request(`${emu.url}/ip_policies`, {
    method: "POST",
    headers: { host: "emulator.example:8080", authorization: `Bearer ${emu.emulator.rootToken}` },
  });
  const body = (await res.body.json()) as { id: string; uri: string };
  expect(body.uri).toBe(`http://emulator.example:8080/ip_policies/${body.id}`);
});
