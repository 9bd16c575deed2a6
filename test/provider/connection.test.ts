/**
 * A wrong URL or key fails loudly, once per provider process, and a 404 that is not the API's own
 * not-found never reads as "gone": refresh does not empty state, destroy does not fake deletes.
 */
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import type { RunningEmulator } from "../../emulator";
import { start, type Started } from "../support/emulator";
import { EdgeIngress, NotFoundError } from "../../sdk";
import * as runtime from "../../runtime";
import { fakeConfig } from "./runtime-fixture";

let started: Started;
let emulator: RunningEmulator;
let client: EdgeIngress;
const env = { key: process.env.EDGE_INGRESS_API_KEY, url: process.env.EDGE_INGRESS_API_URL };

beforeAll(async () => {
  delete process.env.EDGE_INGRESS_API_KEY;
  delete process.env.EDGE_INGRESS_API_URL;
  started = await start({ log: () => {} });
  ({ emulator, client } = started);
});
afterAll(async () => {
  for (const [k, v] of [
    ["EDGE_INGRESS_API_KEY", env.key],
    ["EDGE_INGRESS_API_URL", env.url],
  ] as const)
    if (v !== undefined) process.env[k] = v;
  await started.close();
});

/**
 * The reason check gives for a connection that fails: one failure naming no property (the engine shows
 * it once; a thrown error it would print twice), in the user's words.
 */
async function checkFailure(news: Record<string, unknown>): Promise<string> {
  const { failures } = await runtime.check("IpPolicy", {}, news);
  expect(failures).toHaveLength(1);
  expect(failures![0].property).toBe("");
  return failures![0].reason;
}

const configure = (values: Record<string, string>) =>
  runtime.configure({ config: fakeConfig({ "edgeingress:maxRetries": "0", ...values }) });

/** A server in front of the API that answers every request with 404 and a page of its own. */
async function notFoundProxy(): Promise<{ url: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    res.writeHead(404, { "content-type": "text/html" });
    res.end("<html><body>Not Found</body></html>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe("a wrong API URL", () => {
  let policyId: string;
  beforeAll(async () => {
    policyId = (await client.ipPolicies.create({ description: "kept" })).id;
  });

  test.each([
    ["a path that is not the API's", () => `${emulator.url}/wrong`],
    ["the API's host under another prefix", () => `${emulator.url}/v1`],
  ])("%s: preview, refresh and destroy fail naming the URL; nothing is read as gone", async (_what, url) => {
    await configure({ "edgeingress:apiKey": emulator.rootToken, "edgeingress:apiUrl": url() });
    const message = new RegExp(`${url().replace(/[/.]/g, "\\$&")} does not answer as the Edge Ingress API .*edgeingress:apiUrl`);
    expect(await checkFailure({ description: "x" })).toMatch(message);
    await expect(runtime.read("IpPolicy", policyId, {})).rejects.toThrow(message);
    // Read and delete throw (the engine has no other way): in the user's words, with no stack.
    const thrown = (await runtime.read("IpPolicy", policyId, {}).catch((e: Error) => e)) as Error;
    expect([thrown.stack, `${thrown}`]).toEqual(["", thrown.message]);
    await expect(runtime.delete("IpPolicy", policyId, {})).rejects.toThrow(message);
    await expect(client.ipPolicies.get(policyId)).resolves.toMatchObject({ description: "kept" });
  });

  test("a proxy that answers 404 to everything: no resource is dropped or reported deleted", async () => {
    const proxy = await notFoundProxy();
    try {
      await configure({ "edgeingress:apiKey": emulator.rootToken, "edgeingress:apiUrl": proxy.url });
      await expect(runtime.read("IpPolicy", policyId, {})).rejects.toThrow(/does not answer as the Edge Ingress API/);
      await expect(runtime.delete("IpPolicy", policyId, {})).rejects.toThrow(/does not answer as the Edge Ingress API/);
      // One look per provider process: the failure is remembered, not retried per resource.
      expect(proxy.requests).toEqual(["GET /api_keys?limit=1"]);
    } finally {
      await proxy.close();
    }
  });

  test("a server that answers 200 with JSON of its own is not taken for the API: nothing is read or deleted through it", async () => {
    const requests: string[] = [];
    const other = http.createServer((req, res) => {
      requests.push(`${req.method} ${req.url}`);
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ status: "ok" }));
    });
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    try {
      await configure({ "edgeingress:apiKey": emulator.rootToken, "edgeingress:apiUrl": url });
      const message = /does not answer as the Edge Ingress API \(GET \/api_keys did not answer with a list of keys\)/;
      expect(await checkFailure({ description: "x" })).toMatch(message);
      await expect(runtime.read("IpPolicy", policyId, {})).rejects.toThrow(message);
      await expect(runtime.delete("IpPolicy", policyId, {})).rejects.toThrow(message);
      expect(requests).toEqual(["GET /api_keys?limit=1"]);
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });

  test("behind the connection check, a 404 that is not the API's own not-found is an error, not 'gone'", async () => {
    // The check passed (the list route answers); a later 404 of another shape still is no proof of deletion.
    const proxy = http.createServer((req, res) => {
      if (req.url?.startsWith("/api_keys")) {
        res.writeHead(200, { "content-type": "application/json" });
        return void res.end(JSON.stringify({ keys: [], uri: "u", next_page_uri: null }));
      }
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("not here");
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    try {
      await configure({ "edgeingress:apiKey": emulator.rootToken, "edgeingress:apiUrl": url });
      await expect(runtime.read("IpPolicy", policyId, {})).rejects.toThrow(
        new RegExp(`${url}/ip_policies/${policyId} is not an API route`),
      );
      await expect(runtime.delete("IpPolicy", policyId, {})).rejects.toThrow(/is not an API route/);
    } finally {
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  test("the API's own not-found still means gone", async () => {
    await configure({ "edgeingress:apiKey": emulator.rootToken, "edgeingress:apiUrl": emulator.url });
    const id = (await client.ipPolicies.create({})).id;
    await client.ipPolicies.delete(id);
    await expect(runtime.read("IpPolicy", id, {})).resolves.toEqual({});
    await expect(runtime.delete("IpPolicy", id, {})).resolves.toBeUndefined();
  });
});

describe("credentials, in Pulumi's words, at preview", () => {
  test("a missing key names the command to run", async () => {
    await configure({ "edgeingress:apiUrl": emulator.url });
    expect(await checkFailure({})).toMatch(
      "edgeingress: no API key is configured; set one with `pulumi config set --secret edgeingress:apiKey <key>` (or the EDGE_INGRESS_API_KEY environment variable)",
    );
  });

  test("a missing URL names the command to run", async () => {
    await configure({ "edgeingress:apiKey": emulator.rootToken });
    expect(await checkFailure({})).toMatch(/no API URL is configured; set it with `pulumi config set edgeingress:apiUrl <url>`/);
  });

  test("a rejected key fails at check, without the key in the message", async () => {
    const wrong = "tok_wrong_" + "x".repeat(30);
    await configure({ "edgeingress:apiKey": wrong, "edgeingress:apiUrl": emulator.url });
    const reason = await checkFailure({});
    expect(reason).toMatch(
      /the API at .* refused the API key \(401 UNAUTHORIZED\); set a valid one with `pulumi config set --secret edgeingress:apiKey <key>`/,
    );
    expect(reason).not.toContain(wrong);
  });

  test("a refused connection names the URL", async () => {
    const proxy = await notFoundProxy();
    await proxy.close(); // nothing listens there now
    await configure({ "edgeingress:apiKey": emulator.rootToken, "edgeingress:apiUrl": proxy.url });
    expect(await checkFailure({})).toMatch(new RegExp(`cannot reach the API at ${proxy.url}.*ECONNREFUSED`));
  });

  test("a failure that may pass (a 503) is not kept: the next call checks again", async () => {
    let calls = 0;
    const server = http.createServer((_req, res) => {
      calls++;
      res.writeHead(calls === 1 ? 503 : 200, { "content-type": "application/json" });
      res.end(
        JSON.stringify(
          calls === 1 ? { error_code: "SERVICE_UNAVAILABLE", status_code: 503, msg: "busy" } : { keys: [], uri: "u", next_page_uri: null },
        ),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      await configure({
        "edgeingress:apiKey": emulator.rootToken,
        "edgeingress:apiUrl": `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      });
      // A failure that may pass is no fault of the inputs: thrown (with no stack), not a check failure.
      await expect(runtime.check("IpPolicy", {}, {})).rejects.toThrow(/does not answer as the Edge Ingress API \(503 SERVICE_UNAVAILABLE/);
      await expect(runtime.check("IpPolicy", {}, {})).resolves.toMatchObject({ failures: [] });
      await runtime.check("IpPolicy", {}, {});
      expect(calls).toBe(2);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test("edgeingress:rateLimitWaitMs: an account that refuses everything fails after that wait, saying what to do", async () => {
    let calls = 0;
    const server = http.createServer((_req, res) => {
      calls++;
      res.writeHead(429, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          error_code: "RATE_LIMITED",
          status_code: 429,
          msg: "Your account is rate limited to 120 API requests per minute.",
          details: {},
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      await configure({
        "edgeingress:apiKey": emulator.rootToken,
        "edgeingress:apiUrl": `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        "edgeingress:rateLimitWaitMs": "1200",
      });
      const started = Date.now();
      const err = await runtime.check("IpPolicy", {}, {}).then(
        () => undefined,
        (e: Error) => e,
      );
      expect(Date.now() - started).toBeGreaterThanOrEqual(1200);
      expect(err?.message).toMatch(
        /rate limited to 120 API requests per minute\..*Rerun `pulumi up` to continue where it stopped.*edgeingress:rateLimitWaitMs/,
      );
      expect(err?.message).not.toContain(emulator.rootToken);
      expect(calls).toBeGreaterThan(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test("a bad edgeingress:rateLimitWaitMs names the setting", async () => {
    await expect(configure({ "edgeingress:rateLimitWaitMs": "soon" })).rejects.toThrow(
      /edgeingress:rateLimitWaitMs must be a whole number, got "soon"/,
    );
  });

  test("a good connection is checked once per process, however many resources", async () => {
    const before = await requestsTo("GET /api_keys");
    await configure({ "edgeingress:apiKey": emulator.rootToken, "edgeingress:apiUrl": `${emulator.url}/` });
    await Promise.all([1, 2, 3].map(() => runtime.check("IpPolicy", {}, {})));
    await runtime.read("IpPolicy", (await client.ipPolicies.create({})).id, {});
    expect((await requestsTo("GET /api_keys")) - before).toBe(1);
  });
});

/** How many requests the emulator has served on one route (its admin counters). */
async function requestsTo(route: string): Promise<number> {
  // Read raw: the sdk would camel-case the route keys.
  const res = await fetch(`${emulator.url}/_emulator/counters`, { headers: { authorization: `Bearer ${emulator.rootToken}` } });
  const counters = (await res.json()) as { routes: Record<string, { requests: number }> };
  return counters.routes[route]?.requests ?? 0;
}

describe("a resource's own connection (another account)", () => {
  let stagingStarted: Started;
  let staging: RunningEmulator;
  let stagingClient: EdgeIngress;
  let asStaging: { name: string; apiUrl: string; apiKey: string };
  beforeAll(async () => {
    stagingStarted = await start({ log: () => {} });
    staging = stagingStarted.emulator;
    stagingClient = stagingStarted.client;
    asStaging = { name: "staging", apiUrl: staging.url, apiKey: staging.rootToken };
  });
  afterAll(() => stagingStarted.close());
  beforeEach(() => configure({ "edgeingress:apiKey": emulator.rootToken, "edgeingress:apiUrl": emulator.url }));

  test("create, read, update and delete go to the connection's account, and the connection is kept in the outputs", async () => {
    const inputs = { description: "staging office", connection: asStaging };
    expect((await runtime.check("IpPolicy", {}, inputs)).failures).toEqual([]);
    const { id, outs } = await runtime.create("IpPolicy", inputs);
    expect(outs).toMatchObject({ description: "staging office", connection: asStaging });
    await expect(stagingClient.ipPolicies.get(id)).resolves.toMatchObject({ description: "staging office" });
    await expect(client.ipPolicies.get(id)).rejects.toBeInstanceOf(NotFoundError);

    await stagingClient.ipPolicies.update(id, { description: "edited in staging" });
    const read = await runtime.read("IpPolicy", id, outs);
    expect(read.props).toMatchObject({ description: "edited in staging", connection: asStaging });
    // The inputs a refresh gives back keep the declared connection.
    expect(read.inputs).toEqual({ description: "edited in staging", connection: asStaging });

    const updated = await runtime.update("IpPolicy", id, read.props!, inputs);
    expect(updated.outs).toMatchObject({ description: "staging office", connection: asStaging });
    await expect(stagingClient.ipPolicies.get(id)).resolves.toMatchObject({ description: "staging office" });

    await runtime.delete("IpPolicy", id, updated.outs!);
    await expect(stagingClient.ipPolicies.get(id)).rejects.toBeInstanceOf(NotFoundError);
  });

  test("a rotated key of the same account is an update that writes nothing; another account's key replaces", async () => {
    const { id, outs } = await runtime.create("IpPolicy", { description: "d", connection: asStaging });
    const unchanged = await runtime.diff("IpPolicy", id, outs!, {
      description: "d",
      connection: { ...asStaging, name: "renamed", apiUrl: `${staging.url}/` },
    });
    expect(unchanged.changes).toBe(false);

    const rotated = { ...asStaging, apiKey: (await stagingClient.apiKeys.create({ description: "rotated" })).token! };
    const rotation = await runtime.diff("IpPolicy", id, outs!, { description: "d", connection: rotated });
    expect(rotation).toMatchObject({ changes: true, replaces: [] });
    const writes = await requestsOn(staging, "PATCH ");
    const after = await runtime.update("IpPolicy", id, outs!, { description: "d", connection: rotated });
    expect(after.outs).toMatchObject({ connection: rotated });
    expect(await requestsOn(staging, "PATCH ")).toBe(writes);

    // Back to stack config's account (the default): the resource is not there, so it moves.
    const moving = await runtime.diff("IpPolicy", id, after.outs!, { description: "d" });
    expect(moving).toMatchObject({ changes: true, replaces: ["connection"] });
    const made = await runtime.create("IpPolicy", { description: "d" });
    expect(made.outs).not.toHaveProperty("connection");
    await expect(client.ipPolicies.get(made.id)).resolves.toMatchObject({ description: "d" });
    await runtime.delete("IpPolicy", id, after.outs!);
    await expect(stagingClient.ipPolicies.get(id)).rejects.toBeInstanceOf(NotFoundError);
  });

  test("an account-unique field deletes the old one first when moving", async () => {
    const { id, outs } = await runtime.create("ReservedDomain", { domain: "moving.example.test", connection: asStaging });
    await expect(runtime.diff("ReservedDomain", id, outs!, { domain: "moving.example.test" })).resolves.toMatchObject({
      replaces: ["connection"],
      deleteBeforeReplace: true,
    });
    await runtime.delete("ReservedDomain", id, outs!);
  });

  test("a bad connection fails at preview naming the field or the connection, never showing the key", async () => {
    const { failures } = await runtime.check("IpPolicy", {}, { connection: { name: "staging", apiUrl: "ftp://x", apiKey: "" } });
    expect(failures).toEqual([
      { property: "", reason: 'connection.apiUrl: Connection "staging" needs an http(s) URL, got "ftp://x"' },
      { property: "", reason: 'connection.apiKey: Connection "staging" needs a non-empty API key' },
    ]);
    const wrong = "tok_wrong_staging_" + "y".repeat(24);
    const reason = await checkFailure({ connection: { ...asStaging, apiKey: wrong } });
    expect(reason).toMatch(
      /^edgeingress: Connection "staging": the API at .* refused the API key \(401 UNAUTHORIZED\); set a valid one with the apiKey of Connection "staging"$/,
    );
    expect(reason).not.toContain(wrong);
  });

  test("resources with their own connection need no stack config key", async () => {
    await configure({});
    await expect(runtime.check("IpPolicy", {}, { connection: asStaging })).resolves.toMatchObject({ failures: [] });
    expect(await checkFailure({})).toMatch(/no API key is configured/);
  });

  test("a connection unknown at preview is checked later and shows as a change", async () => {
    const { id, outs } = await runtime.create("IpPolicy", { description: "d", connection: asStaging });
    const unknown = "04da6b54-80e4-46f7-96ec-b56ff0331ba9"; // the engine's unknown sentinel
    await expect(runtime.check("IpPolicy", {}, { connection: unknown })).resolves.toMatchObject({ failures: [] });
    await expect(runtime.diff("IpPolicy", id, outs!, { description: "d", connection: unknown })).resolves.toMatchObject({
      changes: true,
      replaces: [],
    });
    await runtime.delete("IpPolicy", id, outs!);
  });
});

/** Requests an emulator has served on routes starting with `prefix` (e.g. every PATCH). */
async function requestsOn(server: RunningEmulator, prefix: string): Promise<number> {
  const res = await fetch(`${server.url}/_emulator/counters`, { headers: { authorization: `Bearer ${server.rootToken}` } });
  const counters = (await res.json()) as { routes: Record<string, { requests: number }> };
  return Object.entries(counters.routes).reduce((sum, [route, count]) => sum + (route.startsWith(prefix) ? count.requests : 0), 0);
}
