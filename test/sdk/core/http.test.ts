/** The transport against a scripted server: headers, wire case, the error factory, pagination guards, secrets. */
import * as util from "node:util";
import {
  APIError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  EdgeIngress,
  EdgeIngressError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  RouteNotFoundError,
  UnexpectedResponseError,
  UnprocessableEntityError,
  VERSION,
  ValidationError,
} from "../../../sdk";
import { FakeServer, Handler, errorBody, json, startFakeServer } from "../fake-server";
import { rejection } from "../../support/assert";

const TOKEN = "tok_do_not_leak_0123456789";
const servers: FakeServer[] = [];
const clients: EdgeIngress[] = [];

async function setup(handler: Handler, userAgent?: string): Promise<{ server: FakeServer; client: EdgeIngress }> {
  const server = await startFakeServer(handler);
  // rateLimitWaitMs 0: a 429 is the answer at once (these tests are about answers, not pacing).
  const client = new EdgeIngress({ apiKey: TOKEN, baseURL: server.url, maxRetries: 0, rateLimitWaitMs: 0, userAgent });
  servers.push(server);
  clients.push(client);
  return { server, client };
}

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const policy = (n: number) => ({ id: `ipp_${n}`, uri: `u/${n}`, created_at: "2025-01-01T00:00:00Z", description: "", metadata: "" });

describe("requests", () => {
  test("carry the bearer token, service version and user agent; Content-Type only with a body", async () => {
    const { server, client } = await setup((_req, res) => json(res, 200, {}), "my-tool/1.0");
    await client.get("/ip_policies");
    await client.post("/ip_policies", { body: { description: "d" } });
    const [get, post] = server.requests;
    expect(get.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(get.headers["service-version"]).toBe("2");
    expect(get.headers["user-agent"]).toBe(`edge-ingress-pulumi/${VERSION} node/${process.versions.node} my-tool/1.0`);
    expect(get.headers["content-type"]).toBeUndefined();
    expect(post.headers["content-type"]).toBe("application/json");
    expect(post.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  test("send snake_case and return camelCase, user-keyed maps untouched", async () => {
    const { server, client } = await setup((req, res) => json(res, 200, JSON.parse(req.body)));
    const out = await client.post("/backends/tunnel_group", { body: { ipPolicyIds: ["ipp_1"], labels: { myLabel: "x" } } });
    expect(JSON.parse(server.requests[0].body)).toEqual({ ip_policy_ids: ["ipp_1"], labels: { myLabel: "x" } });
    expect(out).toEqual({ ipPolicyIds: ["ipp_1"], labels: { myLabel: "x" } });
  });

  test("a base URL with a path prefix keeps it", async () => {
    const server = await startFakeServer((_req, res) => json(res, 200, {}));
    servers.push(server);
    const client = new EdgeIngress({ apiKey: TOKEN, baseURL: `${server.url}/api/` });
    clients.push(client);
    await client.get("/ip_policies", { query: { limit: 5 } });
    await client.get("ip_policies");
    expect(server.requests.map((r) => r.url)).toEqual(["/api/ip_policies?limit=5", "/api/ip_policies"]);
  });

  test("ids are encoded into the path; an empty or dot id is refused before sending", async () => {
    const { server, client } = await setup((_req, res) => json(res, 200, policy(1)));
    await client.ipPolicies.get("ipp_1/../x?y");
    expect(server.requests[0].url).toBe("/ip_policies/ipp_1%2F..%2Fx%3Fy");
    for (const id of ["", ".", ".."]) {
      await expect(client.ipPolicies.delete(id)).rejects.toMatchObject({ name: "ValidationError", field: "id" });
    }
    expect(server.requests).toHaveLength(1);
  });

  test("delete resolves to undefined on 204", async () => {
    const { server, client } = await setup((_req, res) => {
      res.writeHead(204, { "edge-ingress-operation-id": "op_1" });
      res.end();
    });
    await expect(client.ipPolicies.delete("ipp_1")).resolves.toBeUndefined();
    expect(server.requests[0].method).toBe("DELETE");
  });
});

describe("the error factory", () => {
  test.each([
    [400, "INVALID_FIELD", BadRequestError],
    [401, "UNAUTHORIZED", AuthenticationError],
    [403, "FORBIDDEN", PermissionDeniedError],
    [404, "NOT_FOUND", NotFoundError],
    [409, "CONFLICT", ConflictError],
    [422, "UNPROCESSABLE", UnprocessableEntityError],
    [429, "RATE_LIMITED", RateLimitError],
    [500, "INTERNAL_ERROR", InternalServerError],
    [502, "BAD_GATEWAY", InternalServerError],
    [405, "METHOD_NOT_ALLOWED", APIError],
  ])("%i → %s as %p", async (status, code, Class) => {
    const { client } = await setup((_req, res) =>
      json(res, status, errorBody(status, code, { field: "ip_policy_ids[0]", rule: "must be the id of an existing IP policy" }), {
        "edge-ingress-operation-id": "op_header",
      }),
    );
    const err = await rejection(client.get("/ip_restrictions", { query: { limit: 2 } }));
    expect(err).toBeInstanceOf(Class);
    expect(err).toBeInstanceOf(APIError);
    expect(err).toMatchObject({
      status,
      errorCode: code,
      operationId: "op_header",
      method: "GET",
      path: "/ip_restrictions?limit=2",
      details: { operationId: "op_test", field: "ipPolicyIds[0]", rule: "must be the id of an existing IP policy" },
    });
  });

  test("the operation id falls back to the body; a non-JSON error body still maps by status", async () => {
    const { client } = await setup((_req, res, i) => {
      if (i === 0) {
        res.writeHead(404, { "content-type": "application/json" });
        res.end(JSON.stringify(errorBody(404, "NOT_FOUND")));
        return;
      }
      res.writeHead(502, { "content-type": "text/html" });
      res.end("<html>bad gateway</html>");
    });
    await expect(client.get("/x")).rejects.toMatchObject({ name: "NotFoundError", operationId: "op_test" });
    const err = await rejection(client.get("/x"));
    expect(err).toBeInstanceOf(InternalServerError);
    expect((err as APIError).errorCode).toBeUndefined();
  });

  test("a 2xx body that is not JSON or breaks the response schema → UnexpectedResponseError", async () => {
    const { client } = await setup((_req, res, i) => {
      if (i === 0) {
        res.writeHead(200, { "content-type": "text/plain" });
        return void res.end("not json");
      }
      json(res, 200, { ...policy(1), created_at: 7 });
    });
    await expect(client.ipPolicies.get("ipp_1")).rejects.toBeInstanceOf(UnexpectedResponseError);
    const err = await rejection(client.ipPolicies.get("ipp_1"));
    expect(err).toBeInstanceOf(UnexpectedResponseError);
    expect((err as UnexpectedResponseError).issues.map((i) => i.field)).toEqual(["createdAt"]);
  });

  test("response schemas ignore unknown fields", async () => {
    const { client } = await setup((_req, res) => json(res, 200, { ...policy(1), added_later: { x: 1 } }));
    await expect(client.ipPolicies.get("ipp_1")).resolves.toEqual({
      id: "ipp_1",
      uri: "u/1",
      createdAt: "2025-01-01T00:00:00Z",
      description: "",
      metadata: "",
    });
  });
});

describe("a 404 means gone only when the API says so", () => {
  test.each([
    ["the API's unknown-route answer", (res: any) => json(res, 404, errorBody(404, "ROUTE_NOT_FOUND"))],
    ["a proxy's HTML page", (res: any) => (res.writeHead(404, { "content-type": "text/html" }), res.end("<html>Not Found</html>"))],
    ["JSON that is not the API's error body", (res: any) => json(res, 404, { message: "no such thing" })],
    ["an empty body", (res: any) => (res.writeHead(404), res.end())],
  ])("%s is a RouteNotFoundError naming the URL, never a NotFoundError", async (_what, answer) => {
    const { server, client } = await setup((_req, res) => answer(res));
    const err = await rejection(client.ipPolicies.get("ipp_1"));
    expect(err).toBeInstanceOf(RouteNotFoundError);
    expect(err).not.toBeInstanceOf(NotFoundError);
    expect(String(err)).toContain(`${server.url}/ip_policies/ipp_1 is not an API route`);
  });

  test("the API's not-found for a resource is a NotFoundError", async () => {
    const { client } = await setup((_req, res) => json(res, 404, errorBody(404, "NOT_FOUND")));
    await expect(client.ipPolicies.get("ipp_1")).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("idempotency keys", () => {
  const created = policy(1);

  test("a create sends its key; other requests send none", async () => {
    const { server, client } = await setup((_req, res) => json(res, 201, created));
    await client.ipPolicies.create({ description: "d" }, { idempotencyKey: "k-1" });
    await client.ipPolicies.create({ description: "d" });
    expect(server.requests.map((r) => r.headers["idempotency-key"])).toEqual(["k-1", undefined]);
  });

  async function lostThenAnswered(extensions: Record<string, string>) {
    const server = await startFakeServer((_req, res, i) => {
      if (i === 1) return void res.socket?.destroy(); // the create's answer is lost
      json(res, i === 0 ? 200 : 201, i === 0 ? { keys: [], uri: "u", next_page_uri: null } : created, extensions);
    });
    servers.push(server);
    const client = new EdgeIngress({ apiKey: TOKEN, baseURL: server.url, maxRetries: 2 });
    clients.push(client);
    await client.apiKeys.list({ limit: 1 }).pages().next();
    return { server, client };
  }

  test("where the service honours keys, a keyed create whose answer was lost is sent again with the same key", async () => {
    const { server, client } = await lostThenAnswered({ "edge-ingress-extensions": "idempotency-key" });
    expect(client.service.idempotencyKeys).toBe(true);
    await expect(client.ipPolicies.create({}, { idempotencyKey: "k-2" })).resolves.toMatchObject({ id: "ipp_1" });
    expect(server.requests.slice(1).map((r) => [r.method, r.headers["idempotency-key"]])).toEqual([
      ["POST", "k-2"],
      ["POST", "k-2"],
    ]);
  });

  test("an answer without the header (a proxy's 429) does not unlearn that keys are honoured", async () => {
    const server = await startFakeServer((_req, res, i) =>
      i === 0
        ? json(res, 200, { keys: [], uri: "u", next_page_uri: null }, { "edge-ingress-extensions": "idempotency-key" })
        : json(res, 429, { message: "slow down" }),
    );
    servers.push(server);
    const client = new EdgeIngress({ apiKey: TOKEN, baseURL: server.url, maxRetries: 0, rateLimitWaitMs: 0 });
    clients.push(client);
    await client.apiKeys.list({ limit: 1 }).pages().next();
    await expect(client.ipPolicies.create({}, { idempotencyKey: "k-4" })).rejects.toBeInstanceOf(RateLimitError);
    expect(client.service.idempotencyKeys).toBe(true);
  });

  test("elsewhere it is not sent again: the caller must find out what happened", async () => {
    const { server, client } = await lostThenAnswered({});
    expect(client.service.idempotencyKeys).toBe(false);
    await expect(client.ipPolicies.create({}, { idempotencyKey: "k-3" })).rejects.toBeInstanceOf(EdgeIngressError);
    expect(server.requests).toHaveLength(2);
  });

  test("the service's clock is read from the Date header", async () => {
    const ahead = new Date(Date.now() + 3_600_000).toUTCString();
    const { client } = await setup((_req, res) => json(res, 200, { keys: [], uri: "u", next_page_uri: null }, { date: ahead }));
    expect(client.service.clockOffsetMs).toBeUndefined();
    await client.apiKeys.list().toArray();
    expect(client.service.clockOffsetMs).toBeGreaterThan(3_598_000);
    expect(client.service.clockOffsetMs).toBeLessThanOrEqual(3_600_000);
  });
});

test("a request's own maxRetries overrides the client's", async () => {
  const server = await startFakeServer((_req, res) => json(res, 503, errorBody(503, "SERVICE_UNAVAILABLE")));
  servers.push(server);
  const client = new EdgeIngress({ apiKey: TOKEN, baseURL: server.url, maxRetries: 3 });
  clients.push(client);
  await expect(client.request({ method: "GET", path: "/api_keys", maxRetries: 1 })).rejects.toBeInstanceOf(InternalServerError);
  expect(server.requests).toHaveLength(2);
});

describe("pagination guards", () => {
  test("follows next_page_uri as given, absolute or relative, limit on the first request only", async () => {
    const { server, client } = await setup((req, res, i) => {
      const next = [`${server.url}/ip_policies?cursor=a`, "/ip_policies?cursor=b", null][i];
      json(res, 200, { ip_policies: [policy(i)], uri: "/ip_policies", next_page_uri: next });
    });
    const items = await client.ipPolicies.list({ limit: 1 }).toArray();
    expect(items.map((p) => p.id)).toEqual(["ipp_0", "ipp_1", "ipp_2"]);
    expect(server.requests.map((r) => r.url)).toEqual(["/ip_policies?limit=1", "/ip_policies?cursor=a", "/ip_policies?cursor=b"]);
  });

  test("a next_page_uri on another origin is refused before the token is sent there", async () => {
    const foreign = await startFakeServer((_req, res) => json(res, 200, { ip_policies: [], uri: "", next_page_uri: null }));
    servers.push(foreign);
    const { client } = await setup((_req, res) =>
      json(res, 200, { ip_policies: [policy(1)], uri: "/ip_policies", next_page_uri: `${foreign.url}/ip_policies?page=2` }),
    );
    const err = await rejection(client.ipPolicies.list().toArray());
    expect(err).toBeInstanceOf(EdgeIngressError);
    expect(err).not.toBeInstanceOf(APIError);
    expect(foreign.requests).toHaveLength(0);
  });

  test("a repeating next_page_uri ends with UnexpectedResponseError instead of looping", async () => {
    const { server, client } = await setup((_req, res) =>
      json(res, 200, { ip_policies: [policy(1)], uri: "/ip_policies", next_page_uri: `${server.url}/ip_policies?page=2` }),
    );
    await expect(client.ipPolicies.list().toArray()).rejects.toBeInstanceOf(UnexpectedResponseError);
    expect(server.requests).toHaveLength(2);
  });

  test.each([0, 101, 2.5])("limit %p is rejected before sending", async (limit) => {
    const { server, client } = await setup((_req, res) => json(res, 200, {}));
    await expect(client.ipPolicies.list({ limit }).toArray()).rejects.toMatchObject({ name: "ValidationError", field: "limit" });
    expect(server.requests).toHaveLength(0);
  });
});

describe("secrets", () => {
  test("the token appears in no error message and not in the inspected client", async () => {
    const { client } = await setup((_req, res) => json(res, 401, errorBody(401, "UNAUTHORIZED")));
    const err = await rejection(client.get("/api_keys"));
    expect(err).toBeInstanceOf(AuthenticationError);
    expect(util.inspect(err)).not.toContain(TOKEN);
    expect(util.inspect(client, { depth: 10 })).not.toContain(TOKEN);
    expect(JSON.stringify(client)).not.toContain(TOKEN);
  });

  test("a rejected apiKey option is not echoed", () => {
    expect(() => new EdgeIngress({ apiKey: TOKEN, baseURL: "not a url" })).toThrow(ValidationError);
    try {
      new EdgeIngress({ apiKey: TOKEN, baseURL: "not a url" });
    } catch (err) {
      expect(util.inspect(err)).not.toContain(TOKEN);
    }
  });
});
