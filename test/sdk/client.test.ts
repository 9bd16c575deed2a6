/** Client configuration: options, environment fallbacks, and clear errors for what is missing. */
import { API_KEY_ENV, BASE_URL_ENV, EdgeIngress, EdgeIngressError, ValidationError } from "../../sdk";
import { json, startFakeServer } from "./fake-server";

const saved = { key: process.env[API_KEY_ENV], url: process.env[BASE_URL_ENV] };

beforeEach(() => {
  delete process.env[API_KEY_ENV];
  delete process.env[BASE_URL_ENV];
});

afterAll(() => {
  for (const [name, value] of [
    [API_KEY_ENV, saved.key],
    [BASE_URL_ENV, saved.url],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

function configError(make: () => unknown): ValidationError {
  try {
    make();
  } catch (err) {
    expect(err).toBeInstanceOf(ValidationError);
    expect(err).toBeInstanceOf(EdgeIngressError);
    return err as ValidationError;
  }
  throw new Error("expected the constructor to throw");
}

test("a missing API key names the option and the environment variable", () => {
  const err = configError(() => new EdgeIngress({ baseURL: "http://127.0.0.1:1" }));
  expect([err.field, err.rule]).toEqual(["apiKey", "is required"]);
  expect(err.message).toContain(API_KEY_ENV);
});

test("a missing base URL names the option and the environment variable; there is no default", () => {
  const err = configError(() => new EdgeIngress({ apiKey: "k" }));
  expect([err.field, err.rule]).toEqual(["baseURL", "is required"]);
  expect(err.message).toContain(BASE_URL_ENV);
});

test("empty environment variables count as missing", () => {
  process.env[API_KEY_ENV] = "";
  process.env[BASE_URL_ENV] = "";
  expect(configError(() => new EdgeIngress()).field).toBe("apiKey");
});

test.each([
  [{ baseURL: "ftp://example.test" }, "baseURL"],
  [{ baseURL: "/relative" }, "baseURL"],
  [{ maxRetries: -1 }, "maxRetries"],
  [{ maxRetries: 1.5 }, "maxRetries"],
  [{ timeoutMs: 0 }, "timeoutMs"],
  [{ maxRetryTimeMs: -5 }, "maxRetryTimeMs"],
])("invalid option %j → ValidationError on %s", (opts, field) => {
  expect(configError(() => new EdgeIngress({ apiKey: "k", baseURL: "http://127.0.0.1:1", ...opts })).field).toBe(field);
});

test("an invalid base URL from the environment is reported under baseURL", () => {
  process.env[BASE_URL_ENV] = "not a url";
  expect(configError(() => new EdgeIngress({ apiKey: "k" })).field).toBe("baseURL");
});

test("options default to the environment variables", async () => {
  const server = await startFakeServer((_req, res) => json(res, 200, { keys: [], uri: "/api_keys", next_page_uri: null }));
  process.env[API_KEY_ENV] = "env-token";
  process.env[BASE_URL_ENV] = server.url;
  const client = new EdgeIngress();
  try {
    expect(client.baseURL).toBe(server.url);
    await expect(client.apiKeys.list().toArray()).resolves.toEqual([]);
    expect(server.requests[0].headers.authorization).toBe("Bearer env-token");
  } finally {
    await client.close();
    await client.close(); // idempotent
    await server.close();
  }
});

test("explicit options win over the environment", async () => {
  const server = await startFakeServer((_req, res) => json(res, 200, { keys: [], uri: "/api_keys", next_page_uri: null }));
  process.env[API_KEY_ENV] = "env-token";
  process.env[BASE_URL_ENV] = "http://127.0.0.1:1";
  const client = new EdgeIngress({ apiKey: "option-token", baseURL: server.url });
  try {
    await client.apiKeys.list().toArray();
    expect(server.requests[0].headers.authorization).toBe("Bearer option-token");
  } finally {
    await client.close();
    await server.close();
  }
});

test("every resource resource is an enumerable property, made once per client on first use", async () => {
  const client = new EdgeIngress({ apiKey: "k", baseURL: "http://127.0.0.1:9" });
  try {
    expect(Object.keys(client)).toEqual(expect.arrayContaining(["apiKeys", "ipPolicies", "httpsEdgeRoutes", "tunnelCredentials"]));
    expect(client.ipPolicies).toBe(client.ipPolicies);
    expect(client.ipPolicies).not.toBe(new EdgeIngress({ apiKey: "k", baseURL: "http://127.0.0.1:9" }).ipPolicies);
    expect(typeof client.httpsEdgeRoutes.create).toBe("function");
  } finally {
    await client.close();
  }
});
