/**
 * A wrong URL or key fails loudly, once per provider process, and a 404 that is not the API's own
 * not-found never reads as "gone": refresh does not empty state, destroy does not fake deletes.
 */
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import type { RunningEmulator } from "../../emulator";
import { start, type Started } from "../support/emulator";
import { EdgeIngress } from "../../sdk";
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
  for (const [k, v] of [["EDGE_INGRESS_API_KEY", env.key], ["EDGE_INGRESS_API_URL", env.url]] as const) if (v !== undefined) process.env[k] = v;
  await started.close();
});

const configure = (values: Record<string, string>) => runtime.configure({ config: fakeConfig({ "edgeingress:maxRetries": "0", ...values }) });

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
    await expect(runtime.check("IpPolicy", {}, { description: "x" })).rejects.toThrow(message);
    await expect(runtime.read("IpPolicy", policyId, {})).rejects.toThrow(message);
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
      await expect(runtime.read("IpPolicy", policyId, {})).rejects.toThrow(new RegExp(`${url}/ip_policies/${policyId} is not an API route`));
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
    await expect(runtime.check("IpPolicy", {}, {})).rejects.toThrow(
      "edgeingress: no API key is configured; set one with `pulumi config set --secret edgeingress:apiKey <key>` (or the EDGE_INGRESS_API_KEY environment variable)",
    );
  });

  test("a missing URL names the command to run", async () => {
    await configure({ "edgeingress:apiKey": emulator.rootToken });
    await expect(runtime.check("IpPolicy", {}, {})).rejects.toThrow(/no API URL is configured; set it with `pulumi config set edgeingress:apiUrl <url>`/);
  });

  test("a rejected key fails at check, without the key in the message", async () => {
    const wrong = "tok_wrong_" + "x".repeat(30);
    await configure({ "edgeingress:apiKey": wrong, "edgeingress:apiUrl": emulator.url });
    const err = (await runtime.check("IpPolicy", {}, {}).catch((e: Error) => e)) as Error;
    expect(err.message).toMatch(/the API at .* refused the API key \(401 UNAUTHORIZED\); set a valid one with `pulumi config set --secret edgeingress:apiKey <key>`/);
    expect(`${err.message} ${err.stack}`).not.toContain(wrong);
  });

  test("a refused connection names the URL", async () => {
    const proxy = await notFoundProxy();
    await proxy.close(); // nothing listens there now
    await configure({ "edgeingress:apiKey": emulator.rootToken, "edgeingress:apiUrl": proxy.url });
    await expect(runtime.check("IpPolicy", {}, {})).rejects.toThrow(new RegExp(`cannot reach the API at ${proxy.url}.*ECONNREFUSED`));
  });

  test("a failure that may pass (a 503) is not kept: the next call checks again", async () => {
    let calls = 0;
    const server = http.createServer((_req, res) => {
      calls++;
      res.writeHead(calls === 1 ? 503 : 200, { "content-type": "application/json" });
      res.end(JSON.stringify(calls === 1 ? { error_code: "SERVICE_UNAVAILABLE", status_code: 503, msg: "busy" } : { keys: [], uri: "u", next_page_uri: null }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      await configure({ "edgeingress:apiKey": emulator.rootToken, "edgeingress:apiUrl": `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
      await expect(runtime.check("IpPolicy", {}, {})).rejects.toThrow(/does not answer as the Edge Ingress API \(503 SERVICE_UNAVAILABLE/);
      await expect(runtime.check("IpPolicy", {}, {})).resolves.toMatchObject({ failures: [] });
      await runtime.check("IpPolicy", {}, {});
      expect(calls).toBe(2);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
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
