/** Assertion helpers of the emulator tests (the raw-HTTP client and the start-up are in test/support/emulator.ts). */
import { caPem, certificate, sshPublicKey } from "../support/pki";
import type { Client, Reply } from "../support/emulator";

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
export async function checkModuleLifecycle(
  api: Client,
  collectionPath: string,
  body: () => Record<string, unknown>,
  c: ModuleCase,
): Promise<void> {
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
    if (child && typeof child === "object" && !Array.isArray(child))
      out.push(...fieldPaths(child as Record<string, unknown>, [...prefix, key]));
  }
  return out;
}

/**
 * Each field of a valid body (nested ones too) replaced in turn by a value of every JSON type: every answer
 * is a success or a 4xx API error, never a 5xx. Returns how many bodies were sent.
 */
export async function sendOddValues(
  valid: Record<string, unknown>,
  send: (body: Record<string, unknown>) => Promise<Reply>,
): Promise<number> {
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
  const ed = await id("/event_destinations", {
    target: { logs: { auth: { role: { role_resource_name: "r" } }, log_group_resource_name: "lg" } },
  });
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
