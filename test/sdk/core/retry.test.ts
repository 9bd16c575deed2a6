/** Retries, pacing and transport failures against a scripted local server (rules in docs/sdk.md). */
import * as http from "node:http";
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  ClientOptions,
  EdgeIngress,
  InternalServerError,
  RateLimitError,
} from "../../../sdk";
import { FakeServer, Handler, closedPort, errorBody, json, startFakeServer } from "../fake-server";
import { rejection } from "../../support/assert";

const TOKEN = "tok_do_not_leak_0123456789";
let server: FakeServer | undefined;
let client: EdgeIngress | undefined;

async function setup(handler: Handler, opts: ClientOptions = {}): Promise<{ server: FakeServer; client: EdgeIngress }> {
  server = await startFakeServer(handler);
  client = new EdgeIngress({ apiKey: TOKEN, baseURL: server.url, ...opts });
  return { server, client };
}

afterEach(async () => {
  await client?.close();
  await server?.close();
  client = server = undefined;
});

/** Answers `failures` times with `status` (and headers), then 200/201 with the request's own JSON. */
function failThenOk(failures: number, status: number, headers: Record<string, string> = {}): Handler {
  return (req, res, i) => {
    if (i < failures) return json(res, status, errorBody(status, status === 429 ? "RATE_LIMITED" : "SERVICE_UNAVAILABLE"), headers);
    json(res, req.method === "POST" ? 201 : 200, { attempt: i + 1 });
  };
}

test("429 with Retry-After is retried after the announced wait", async () => {
  const { server, client } = await setup(failThenOk(1, 429, { "retry-after": "1" }));
  await expect(client.get("/ip_policies")).resolves.toEqual({ attempt: 2 });
  expect(server.requests).toHaveLength(2);
  // Lower bound only: without honouring Retry-After the first backoff is below 500 ms.
  expect(server.requests[1].at - server.requests[0].at).toBeGreaterThanOrEqual(990);
});

test("a Retry-After beyond the retry time budget ends retrying a 5xx at once", async () => {
  const { server, client } = await setup(failThenOk(1, 503, { "retry-after": "120" }), { maxRetryTimeMs: 60_000 });
  const err = await rejection(client.get("/ip_policies"));
  expect(err).toBeInstanceOf(InternalServerError);
  expect((err as InternalServerError).errorCode).toBe("SERVICE_UNAVAILABLE");
  expect(server.requests).toHaveLength(1);
});

test("without pacing, a 429 follows the 5xx rules: a Retry-After beyond the budget ends retrying at once", async () => {
  const { server, client } = await setup(failThenOk(1, 429, { "retry-after": "120" }), { maxRetryTimeMs: 60_000, pacing: false });
  const err = await rejection(client.get("/ip_policies"));
  expect(err).toBeInstanceOf(RateLimitError);
  expect((err as RateLimitError).errorCode).toBe("RATE_LIMITED");
  expect(server.requests).toHaveLength(1);
});

test("GET: 503 twice, then 200", async () => {
  const { server, client } = await setup(failThenOk(2, 503));
  await expect(client.get("/ip_policies")).resolves.toEqual({ attempt: 3 });
  expect(server.requests).toHaveLength(3);
});

test("PATCH and DELETE are retried on 5xx too", async () => {
  const { server, client } = await setup(failThenOk(1, 500, { "retry-after": "0" }));
  await client.patch("/ip_policies/ipp_1", { body: { description: "d" } });
  expect(server.requests.map((r) => r.method)).toEqual(["PATCH", "PATCH"]);
  expect(server.requests[1].body).toBe(server.requests[0].body);
});

test("POST is not retried on 503", async () => {
  const { server, client } = await setup(failThenOk(1, 503, { "retry-after": "0" }));
  const err = await rejection(client.post("/ip_policies", { body: {} }));
  expect(err).toBeInstanceOf(InternalServerError);
  expect((err as InternalServerError).status).toBe(503);
  expect((err as InternalServerError).errorCode).toBe("SERVICE_UNAVAILABLE");
  expect(server.requests).toHaveLength(1);
});

test("POST is retried on 429, with the same body", async () => {
  const { server, client } = await setup(failThenOk(2, 429, { "retry-after": "0" }));
  await expect(client.post("/ip_policies", { body: { description: "once" } })).resolves.toEqual({ attempt: 3 });
  expect(server.requests).toHaveLength(3);
  expect(new Set(server.requests.map((r) => r.body))).toEqual(new Set(['{"description":"once"}']));
});

test("attempts are bounded by maxRetries and the last error is the service's", async () => {
  const { server, client } = await setup(failThenOk(Infinity, 503, { "retry-after": "0" }), { maxRetries: 2 });
  const err = await rejection(client.get("/ip_policies"));
  expect(err).toBeInstanceOf(InternalServerError);
  expect((err as APIError).errorCode).toBe("SERVICE_UNAVAILABLE");
  expect((err as APIError).operationId).toBe("op_test");
  expect(server.requests).toHaveLength(3);
});

test("maxRetries 0 makes one attempt", async () => {
  const { server, client } = await setup(failThenOk(Infinity, 503, { "retry-after": "0" }), { maxRetries: 0 });
  await expect(client.get("/ip_policies")).rejects.toBeInstanceOf(InternalServerError);
  expect(server.requests).toHaveLength(1);
});

test("without pacing, maxRetries bounds 429s too", async () => {
  const { server, client } = await setup(failThenOk(Infinity, 429, { "retry-after": "0" }), { maxRetries: 0, pacing: false });
  await expect(client.get("/ip_policies")).rejects.toBeInstanceOf(RateLimitError);
  expect(server.requests).toHaveLength(1);
});

describe("paced (the default): a 429 is waited out, not counted", () => {
  const limited = (refusals: number): Handler => {
    let refused = 0;
    return (req, res) => {
      if (req.url.startsWith("/limited") && refused < refusals) {
        refused += 1;
        return json(res, 429, {
          error_code: "RATE_LIMITED",
          status_code: 429,
          msg: "Your account is rate limited to 120 API requests per minute.",
          details: {},
        });
      }
      json(res, 200, { url: req.url });
    };
  };

  test("a 429 without Retry-After is retried more than maxRetries times while other requests succeed", async () => {
    const { server, client } = await setup(limited(3), { maxRetries: 1 });
    const others = Promise.all([1, 2, 3].map((n) => client.get(`/other/${n}`)));
    await expect(client.get("/limited")).resolves.toEqual({ url: "/limited" });
    await expect(others).resolves.toHaveLength(3);
    expect(server.requests.filter((r) => r.url === "/limited")).toHaveLength(4);
  });

  test("a Retry-After longer than the pacer's own wait is waited out in full", async () => {
    const { server, client } = await setup(failThenOk(1, 429, { "retry-after": "2" }));
    await expect(client.get("/ip_policies")).resolves.toEqual({ attempt: 2 });
    // Lower bound only: the pacer alone would send again about a second after a first 429.
    expect(server.requests[1].at - server.requests[0].at).toBeGreaterThanOrEqual(1990);
  });

  test("the account letting nothing through for rateLimitWaitMs fails the request, naming the limit and what to do", async () => {
    const { server, client } = await setup(limited(Infinity), { rateLimitWaitMs: 1500 });
    const started = Date.now();
    const err = await rejection(client.post("/limited", { body: { description: "d" } }));
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    expect(err).toBeInstanceOf(RateLimitError);
    expect(err).toMatchObject({ status: 429, errorCode: "RATE_LIMITED" });
    const message = (err as Error).message;
    expect(message).toContain("Your account is rate limited to 120 API requests per minute.");
    expect(message).toContain("nothing of it was applied");
    expect(message).toContain("Rerun `pulumi up` to continue where it stopped");
    expect(message).toContain("edgeingress:rateLimitWaitMs");
    expect(message).not.toContain(TOKEN);
    // Retried, paced: more than once, far fewer than an unpaced loop would send.
    expect(server.requests.length).toBeGreaterThan(1);
    expect(server.requests.length).toBeLessThan(10);
  });

  test("rateLimitWaitMs 0: the first 429 is the answer", async () => {
    const { server, client } = await setup(limited(Infinity), { rateLimitWaitMs: 0 });
    await expect(client.get("/limited")).rejects.toBeInstanceOf(RateLimitError);
    expect(server.requests).toHaveLength(1);
  });
});

test("one pacer per account: clients of the same URL and key share it, another key has its own", async () => {
  const server = await startFakeServer((req, res, i) =>
    i === 0 ? json(res, 429, errorBody(429, "RATE_LIMITED")) : json(res, 200, { url: req.url }),
  );
  const [a1, a2, b] = ["key_a", "key_a", "key_b"].map((apiKey) => new EdgeIngress({ apiKey, baseURL: server.url }));
  try {
    // a1's 429 makes the account of key_a paced (about one attempt a second at first).
    await a1.get("/first");
    const paced = Promise.all([1, 2, 3].map((n) => a2.get(`/a2/${n}`)));
    const unpaced = Promise.all([1, 2, 3].map((n) => b.get(`/b/${n}`)));
    await Promise.all([paced, unpaced]);
    const order = server.requests.map((r) => r.url);
    // key_b's requests went at once; key_a's (another client, same account) waited their turns.
    expect(Math.max(...["/b/1", "/b/2", "/b/3"].map((u) => order.indexOf(u)))).toBeLessThan(order.indexOf("/a2/3"));
    const a2At = server.requests.filter((r) => r.url.startsWith("/a2/")).map((r) => r.at);
    expect(Math.max(...a2At) - Math.min(...a2At)).toBeGreaterThanOrEqual(900);
  } finally {
    await Promise.all([a1, a2, b].map((c) => c.close()));
    await server.close();
  }
});

test("without pacing, a 429 is still retried, a POST's too (the service did not act on it)", async () => {
  const { server, client } = await setup(failThenOk(2, 429, { "retry-after": "0" }), { pacing: false });
  await expect(client.post("/ip_policies", { body: { description: "once" } })).resolves.toEqual({ attempt: 3 });
  expect(server.requests.map((r) => r.method)).toEqual(["POST", "POST", "POST"]);
});

test("attempts are bounded by maxRetryTimeMs", async () => {
  // Retry 1 waits 1 s (fits in 1.9 s); retry 2 would end after 2 s, past the budget.
  const { server, client } = await setup(failThenOk(Infinity, 503, { "retry-after": "1" }), { maxRetryTimeMs: 1900 });
  await expect(client.get("/ip_policies")).rejects.toBeInstanceOf(InternalServerError);
  expect(server.requests).toHaveLength(2);
});

test("errors other than 429/5xx are not retried", async () => {
  const { server, client } = await setup((_req, res) => json(res, 409, errorBody(409, "CONFLICT")));
  await expect(client.get("/ip_policies")).rejects.toMatchObject({ status: 409, errorCode: "CONFLICT" });
  expect(server.requests).toHaveLength(1);
});

test("connection refused → APIConnectionError, for GET and POST", async () => {
  const port = await closedPort();
  client = new EdgeIngress({ apiKey: TOKEN, baseURL: `http://127.0.0.1:${port}`, maxRetries: 1 });
  const c = client;
  for (const call of [() => c.get("/ip_policies"), () => c.post("/ip_policies", { body: {} })]) {
    const err = await rejection(call());
    expect(err).toBeInstanceOf(APIConnectionError);
    expect(err).not.toBeInstanceOf(APIConnectionTimeoutError);
    expect(err).not.toBeInstanceOf(APIError);
    expect((err as APIConnectionError).code).toBe("ECONNREFUSED");
    expect((err as Error).message).not.toContain(TOKEN);
  }
});

test("a hung server → APIConnectionTimeoutError; GET retries the timeout, POST does not", async () => {
  const { server, client } = await setup(() => undefined, { timeoutMs: 300, maxRetries: 1 });
  const post = await rejection(client.post("/ip_policies", { body: {} }));
  expect(post).toBeInstanceOf(APIConnectionTimeoutError);
  expect(server.requests).toHaveLength(1);

  const get = await rejection(client.get("/ip_policies"));
  expect(get).toBeInstanceOf(APIConnectionTimeoutError);
  expect((get as APIConnectionTimeoutError).cause).toBeDefined();
  expect(server.requests).toHaveLength(3);
});

test("a connection reset after the request arrived: GET retried, POST not", async () => {
  const reset: Handler = (_req, res: http.ServerResponse, i) => {
    if (i === 0 || i === 2) return void res.socket?.destroy();
    json(res, 200, { ok: true });
  };
  const { server, client } = await setup(reset, { maxRetries: 2 });
  await expect(client.get("/ip_policies")).resolves.toEqual({ ok: true });
  expect(server.requests).toHaveLength(2);

  await expect(client.post("/ip_policies", { body: {} })).rejects.toBeInstanceOf(APIConnectionError);
  expect(server.requests).toHaveLength(3);
});
