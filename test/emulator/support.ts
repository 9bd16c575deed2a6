/** Raw-HTTP helpers for the emulator tests (undici, not the sdk). */
import type { AddressInfo } from "node:net";
import type { Readable } from "node:stream";
import { request } from "undici";
import { startEmulator, type EmulatorOptions, type RunningEmulator } from "../../emulator";
import { createEmulatorServer } from "../../emulator/server";
import { KINDS } from "../../emulator/state";
import { createCertificateAuthority } from "../../emulator/state/certificate-authority";
import { caPem, certificate, sshPublicKey } from "../support/pki";
import { Store } from "../../emulator/state/store";

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** Parsed JSON (undefined when empty or not JSON); `any` because tests read arbitrary wire fields. */
  body: any;
}

export interface CallOptions {
  /** JSON-encoded and sent with Content-Type: application/json. */
  json?: unknown;
  /** Sent as is (no Content-Type added). */
  raw?: string | Buffer | Readable;
  /** Bearer token; null sends no Authorization header. Default: the client's token. */
  token?: string | null;
  headers?: Record<string, string>;
}

/** Every list operation: path and list key. */
const LISTS: ReadonlyArray<[string, string]> = [
  ["/api_keys", "keys"],
  ["/ip_policies", "ip_policies"],
  ["/ip_restrictions", "ip_restrictions"],
  ["/backends/tunnel_group", "backends"],
  ["/backends/weighted", "backends"],
  ["/backends/failover", "backends"],
  ["/edges/tcp", "tcp_edges"],
  ["/edges/tls", "tls_edges"],
  ["/edges/https", "https_edges"],
  ["/endpoints", "endpoints"],
  ["/event_destinations", "event_destinations"],
  // Subscriptions carry their sources, so this covers the sources endpoints too.
  ["/event_subscriptions", "event_subscriptions"],
  ["/certificate_authorities", "certificate_authorities"],
  ["/tls_certificates", "tls_certificates"],
  ["/reserved_domains", "reserved_domains"],
  ["/ssh_credentials", "ssh_credentials"],
  ["/ssh_certificate_authorities", "ssh_certificate_authorities"],
  ["/ssh_user_certificates", "ssh_user_certificates"],
  ["/ssh_host_certificates", "ssh_host_certificates"],
  ["/credentials", "credentials"],
];

export class Client {
  constructor(
    readonly url: string,
    readonly token: string,
  ) {}

  /** A client for the same emulator with another token. */
  as(token: string): Client {
    return new Client(this.url, token);
  }

  /** `target` is a path or an absolute URL (e.g. a next_page_uri). */
  async call(method: string, target: string, opts: CallOptions = {}): Promise<Reply> {
    const headers: Record<string, string> = { "service-version": "2" };
    const token = opts.token === undefined ? this.token : opts.token;
    if (token !== null) headers.authorization = `Bearer ${token}`;
    let body = opts.raw;
    if (opts.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(opts.json);
    }
    const res = await request(target.startsWith("http") ? target : `${this.url}${target}`, {
      method: method as "GET",
      headers: { ...headers, ...opts.headers },
      body,
    });
    const text = await res.body.text();
    let parsed: unknown;
    try {
      parsed = text === "" ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: res.statusCode, headers: res.headers, text, body: parsed };
  }

  get = (target: string, opts?: CallOptions) => this.call("GET", target, opts);
  post = (target: string, json?: unknown, opts?: CallOptions) => this.call("POST", target, { json, ...opts });
  put = (target: string, json?: unknown, opts?: CallOptions) => this.call("PUT", target, { json, ...opts });
  patch = (target: string, json?: unknown, opts?: CallOptions) => this.call("PATCH", target, { json, ...opts });
  del = (target: string, opts?: CallOptions) => this.call("DELETE", target, opts);

  /** Every item of a collection, following next_page_uri. */
  async listAll(path: string, key: string): Promise<Array<Record<string, unknown>>> {
    const items: Array<Record<string, unknown>> = [];
    let next: string | null = path;
    while (next) {
      const reply = await this.get(next);
      expect(reply.status).toBe(200);
      items.push(...reply.body[key]);
      next = reply.body.next_page_uri;
    }
    return items;
  }

  /** The whole visible state, to prove a failed request changed nothing. */
  async snapshot(): Promise<unknown> {
    const state: Record<string, unknown> = {};
    for (const [path, key] of LISTS) state[path] = await this.listAll(path, key);
    return state;
  }

  /** Run a request that must fail, and check that the state is the same afterwards. */
  async unchanged(action: () => Promise<Reply>): Promise<Reply> {
    const before = await this.snapshot();
    const reply = await action();
    expect(await this.snapshot()).toEqual(before);
    return reply;
  }
}

export async function start(opts: EmulatorOptions = {}): Promise<{ emulator: RunningEmulator; api: Client }> {
  const emulator = await startEmulator({ port: 0, ...opts });
  return { emulator, api: new Client(emulator.url, emulator.rootToken) };
}

/** An emulator whose store the test holds, to seed kinds that have no operations yet (certificate authorities). */
export async function startWithStore(): Promise<{ emulator: RunningEmulator; api: Client; store: Store }> {
  const store = Store.open(KINDS);
  const rootToken = "test-root-token";
  const server = createEmulatorServer({ store, rootToken });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () =>
    new Promise<void>((resolve, reject) => {
      server.close((err) => (err ? reject(err) : resolve()));
      server.closeAllConnections();
    });
  return { emulator: { url, rootToken, adminUserId: store.adminUserId, botId: store.botId, close }, api: new Client(url, rootToken), store };
}

/** A certificate authority (a new self-signed CA certificate) put straight into the store; returns its id. */
export function seedCertificateAuthority(store: Store): string {
  return createCertificateAuthority(store, { ca_pem: caPem() }).id;
}

/** The path of a `uri` from a response. */
export const pathOf = (uri: string): string => new URL(uri).pathname;

/** One module's round trip: two request bodies (a, b) and the responses they render to (ra, rb). */
export interface ModuleCase {
  name: string;
  a: unknown;
  b: unknown;
  ra: unknown;
  rb: unknown;
}

/**
 * Every module operation on one module of a kind: add through create, read, absent in PATCH leaves it,
 * replace through PATCH and through PUT, null in a PATCH refused, delete through the module endpoint,
 * then 404 on read and delete, and PUT adds it back. `body()` is a valid create body without the module.
 */
export async function checkModuleLifecycle(api: Client, collectionPath: string, body: () => Record<string, unknown>, c: ModuleCase): Promise<void> {
  const created = await api.post(collectionPath, { ...body(), [c.name]: c.a });
  expect(created.status).toBe(201);
  expect(created.body[c.name]).toEqual(c.ra);
  const item = pathOf(created.body.uri);
  const module = `${item}/${c.name}`;
  expect(await api.get(module)).toMatchObject({ status: 200, body: c.ra });

  const other = await api.patch(item, { description: "other fields only" });
  expect(other.body[c.name]).toEqual(c.ra);

  const patched = await api.patch(item, { [c.name]: c.b });
  expect(patched.status).toBe(200);
  expect(patched.body[c.name]).toEqual(c.rb);
  expect((await api.get(module)).body).toEqual(c.rb);

  const put = await api.put(module, c.a);
  expect(put).toMatchObject({ status: 200, body: c.ra });
  expect((await api.get(item)).body[c.name]).toEqual(c.ra);

  expectError(await api.unchanged(() => api.patch(item, { [c.name]: null })), 400, "INVALID_FIELD", c.name);

  const deleted = await api.del(module);
  expect(deleted.status).toBe(204);
  expect(deleted.text).toBe("");
  expect((await api.get(item)).body[c.name]).toBeNull();
  expectError(await api.get(module), 404, "NOT_FOUND");
  expectError(await api.del(module), 404, "NOT_FOUND");

  expect(await api.put(module, c.b)).toMatchObject({ status: 200, body: c.rb });
  expect((await api.get(item)).body[c.name]).toEqual(c.rb);
}

/** An API error reply: status, code, status_code, the operation id in body and header, optional field. */
export function expectError(reply: Reply, status: number, code: string, field?: string): void {
  expect({ status: reply.status, code: reply.body?.error_code }).toEqual({ status, code });
  expect(reply.body.status_code).toBe(status);
  expect(typeof reply.body.msg).toBe("string");
  expect(reply.body.details.operation_id).toMatch(/^op_[0-9a-f]{32}$/);
  expect(reply.headers["edge-ingress-operation-id"]).toBe(reply.body.details.operation_id);
  if (field !== undefined) {
    expect(reply.body.details.field).toBe(field);
    expect(typeof reply.body.details.rule).toBe("string");
    expect(reply.body.msg.startsWith(`${field}: `)).toBe(true);
  }
}

export const ID_SUFFIX = "[0-9a-hjkmnp-tv-z]{26}";
export const RFC3339_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

const ODD_VALUES: readonly unknown[] = [null, 0, -1, 1.5, 1e20, "", "x", [], [1], {}, { a: 1 }, true];

/** Paths of every field of an object, nested objects included, plus an unknown field at the top. */
function fieldPaths(value: Record<string, unknown>, prefix: string[] = []): string[][] {
  const out: string[][] = prefix.length === 0 ? [["unknown_field"]] : [];
  for (const [key, child] of Object.entries(value)) {
    out.push([...prefix, key]);
    if (child && typeof child === "object" && !Array.isArray(child)) out.push(...fieldPaths(child as Record<string, unknown>, [...prefix, key]));
  }
  return out;
}

/**
 * Each field of a valid body (nested ones too) replaced in turn by a value of every JSON type: every answer
 * is a success or a 4xx API error, never a 5xx. Returns how many bodies were sent.
 */
export async function sendOddValues(valid: Record<string, unknown>, send: (body: Record<string, unknown>) => Promise<Reply>): Promise<number> {
  let sent = 0;
  for (const path of fieldPaths(valid)) {
    for (const odd of ODD_VALUES) {
      const body = structuredClone(valid);
      let parent: Record<string, unknown> = body;
      for (const key of path.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
      parent[path[path.length - 1]] = odd;
      const reply = await send(body);
      if (reply.status >= 400) expectError(reply, reply.status, reply.body.error_code);
      expect({ path: path.join("."), odd, status: reply.status < 500 }).toEqual({ path: path.join("."), odd, status: true });
      sent++;
    }
  }
  return sent;
}

export interface Fixtures {
  /** Collection path → id of one record in it. */
  byCollection: Record<string, string>;
  routeId: string;
  sourceType: string;
}

/** One record of every kind, so item and module paths reach their body checks instead of a 404. */
export async function seedOneOfEach(api: Client, host: string): Promise<Fixtures> {
  const id = async (target: string, body: unknown) => {
    const reply = await api.post(target, body);
    expect([target, reply.status, reply.body.msg]).toEqual([target, 201, undefined]);
    return reply.body.id as string;
  };
  const ipp = await id("/ip_policies", {});
  const tg = await id("/backends/tunnel_group", { labels: { site: "a" } });
  const https = await id("/edges/https", { hostports: [`${host}-https.example.com:443`] });
  const ed = await id("/event_destinations", { target: { logs: { auth: { role: { role_resource_name: "r" } }, log_group_resource_name: "lg" } } });
  const sourceType = "ip_policy_created.v0";
  const leaf = certificate({ subject: { CN: `${host}.example.com` } });
  const sshca = await id("/ssh_certificate_authorities", { private_key_type: "ed25519" });
  const byCollection: Record<string, string> = {
    "/api_keys": await id("/api_keys", {}),
    "/ip_policies": ipp,
    "/ip_restrictions": await id("/ip_restrictions", { type: "agent", ip_policy_ids: [ipp] }),
    "/ip_policy_rules": await id("/ip_policy_rules", { ip_policy_id: ipp, cidr: "203.0.113.0/24", action: "allow" }),
    "/backends/tunnel_group": tg,
    "/backends/weighted": await id("/backends/weighted", { backends: { [tg]: 1 } }),
    "/backends/failover": await id("/backends/failover", { backends: [tg] }),
    "/edges/tcp": await id("/edges/tcp", { hostports: [`${host}-tcp.example.com:1`], backend: { backend_id: tg } }),
    "/edges/tls": await id("/edges/tls", { hostports: [`${host}-tls.example.com:1`] }),
    "/edges/https": https,
    "/event_destinations": ed,
    "/event_subscriptions": await id("/event_subscriptions", { destination_ids: [ed], sources: [{ type: sourceType }] }),
    "/certificate_authorities": await id("/certificate_authorities", { ca_pem: caPem() }),
    "/tls_certificates": await id("/tls_certificates", { certificate_pem: leaf.pem, private_key_pem: leaf.keyPem }),
    "/reserved_domains": await id("/reserved_domains", { domain: `${host}.example.com` }),
    "/ssh_credentials": await id("/ssh_credentials", { public_key: sshPublicKey() }),
    "/ssh_certificate_authorities": sshca,
    "/ssh_user_certificates": await id("/ssh_user_certificates", { ssh_certificate_authority_id: sshca, public_key: sshPublicKey() }),
    "/ssh_host_certificates": await id("/ssh_host_certificates", { ssh_certificate_authority_id: sshca, public_key: sshPublicKey() }),
    "/credentials": await id("/credentials", { acl: ["*"] }),
  };
  byCollection["/endpoints"] = (await api.get("/endpoints")).body.endpoints[0].id;
  const routeId = await id(`/edges/https/${https}/routes`, { match_type: "path_prefix", match: "/", backend: { backend_id: tg } });
  return { byCollection, routeId, sourceType };
}
