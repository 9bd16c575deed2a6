/**
 * Rules every PATCH shares: `id` in the body (equal to the path's: ignored; else refused), and the
 * spec-shaped update answers of weighted and failover backends (`updateAnswers`).
 */
import type { RunningEmulator } from "../../emulator";
import { ROUTES } from "../../emulator/routes";
import { caPem, issue, sshPublicKey } from "./pki";
import { Client, expectError, start } from "./support";

let emulator: RunningEmulator;
let api: Client;
/** Route pattern → a concrete item path of a record that exists. */
const items: Record<string, string> = {};

beforeAll(async () => {
  ({ emulator, api } = await start());
  const id = async (target: string, body: unknown) => {
    const reply = await api.post(target, body);
    expect([target, reply.status, reply.body.msg]).toEqual([target, 201, undefined]);
    return reply.body.id as string;
  };
  const ipp = await id("/ip_policies", {});
  const tg = await id("/backends/tunnel_group", {});
  const https = await id("/edges/https", { hostports: ["pr-https.example.com:443"] });
  const ed = await id("/event_destinations", { target: { logs: { auth: { role: { role_resource_name: "r" } }, log_group_resource_name: "lg" } } });
  const esb = await id("/event_subscriptions", { destination_ids: [ed], sources: [{ type: "ip_policy_created.v0" }] });
  const sshca = await id("/ssh_certificate_authorities", { private_key_type: "ed25519" });
  const leaf = issue({ subject: { common_name: "pr.example.com" } });
  const byCollection: Record<string, string> = {
    "/api_keys": await id("/api_keys", {}),
    "/ip_policies": ipp,
    "/ip_restrictions": await id("/ip_restrictions", { type: "agent", ip_policy_ids: [ipp] }),
    "/ip_policy_rules": await id("/ip_policy_rules", { ip_policy_id: ipp, cidr: "203.0.113.0/24", action: "allow" }),
    "/backends/tunnel_group": tg,
    "/backends/weighted": await id("/backends/weighted", { backends: { [tg]: 1 } }),
    "/backends/failover": await id("/backends/failover", { backends: [tg] }),
    "/edges/tcp": await id("/edges/tcp", { hostports: ["pr-tcp.example.com:1"] }),
    "/edges/tls": await id("/edges/tls", { hostports: ["pr-tls.example.com:1"] }),
    "/edges/https": https,
    "/event_destinations": ed,
    "/event_subscriptions": esb,
    "/certificate_authorities": await id("/certificate_authorities", { ca_pem: caPem() }),
    "/tls_certificates": await id("/tls_certificates", { certificate_pem: leaf.pem, private_key_pem: leaf.key.pem }),
    "/reserved_domains": await id("/reserved_domains", { domain: "pr.example.com" }),
    "/ssh_credentials": await id("/ssh_credentials", { public_key: sshPublicKey() }),
    "/ssh_certificate_authorities": sshca,
    "/ssh_user_certificates": await id("/ssh_user_certificates", { ssh_certificate_authority_id: sshca, public_key: sshPublicKey() }),
    "/ssh_host_certificates": await id("/ssh_host_certificates", { ssh_certificate_authority_id: sshca, public_key: sshPublicKey() }),
    "/credentials": await id("/credentials", { acl: ["*"] }),
  };
  for (const [collection, recordId] of Object.entries(byCollection)) items[`${collection}/{id}`] = `${collection}/${recordId}`;
  const route = await id(`/edges/https/${https}/routes`, { match_type: "path_prefix", match: "/" });
  items["/edges/https/{edge_id}/routes/{id}"] = `/edges/https/${https}/routes/${route}`;
});
afterAll(() => emulator.close());

const PATCH_ROUTES = ROUTES.filter((r) => r.method === "PATCH" && r.path.endsWith("/{id}")).map((r) => r.path);
const idOf = (item: string) => item.slice(item.lastIndexOf("/") + 1);

describe("`id` in a PATCH body", () => {
  test("every PATCH route with an {id} has a fixture here", () => {
    expect(PATCH_ROUTES.length).toBeGreaterThanOrEqual(19);
    expect(PATCH_ROUTES.filter((p) => !(p in items))).toEqual([]);
  });

  test.each(PATCH_ROUTES)("PATCH %s: the path's own id is accepted and ignored", async (pattern) => {
    const item = items[pattern];
    const plain = await api.patch(item, { description: "without id" });
    expect(plain.status).toBe(200);
    const withId = await api.patch(item, { id: idOf(item), description: "with id" });
    expect(withId.status).toBe(200);
    expect(withId.body).toEqual({ ...plain.body, description: "with id" });
    expect((await api.get(item)).body.description).toBe("with id");
    // Alone, it is a no-op like {}.
    expect((await api.patch(item, { id: idOf(item) })).body).toEqual(withId.body);
  });

  test.each(PATCH_ROUTES)("PATCH %s: another id is INVALID_FIELD on id, and nothing changes", async (pattern) => {
    const item = items[pattern];
    const own = idOf(item);
    const other = `${own.slice(0, -1)}${own.endsWith("0") ? "1" : "0"}`;
    for (const value of [other, own.toUpperCase(), "", null, 5, [own]]) {
      const reply = await api.unchanged(() => api.patch(item, { id: value, description: "never" }));
      expectError(reply, 400, "INVALID_FIELD", "id");
    }
  });

  test("an event source has no id: its PATCH body stays {}", async () => {
    const esb = idOf(items["/event_subscriptions/{id}"]);
    const reply = await api.patch(`/event_subscriptions/${esb}/sources/ip_policy_created.v0`, { id: esb });
    expectError(reply, 400, "UNKNOWN_FIELD", "id");
  });

  test("a POST body with id is still UNKNOWN_FIELD", async () => {
    expectError(await api.unchanged(() => api.post("/ip_policies", { id: "ipp_x" })), 400, "UNKNOWN_FIELD", "id");
  });
});

describe("update answers of weighted and failover backends", () => {
  async function backends(client: Client) {
    const tg = (await client.post("/backends/tunnel_group", {})).body.id as string;
    const wb = (await client.post("/backends/weighted", { backends: { [tg]: 7 } })).body.id as string;
    const fb = (await client.post("/backends/failover", { backends: [tg] })).body.id as string;
    return { tg, wb, fb };
  }

  test('default ("stored"): a metadata PATCH answers the stored backends', async () => {
    const { tg, wb, fb } = await backends(api);
    expect((await api.patch(`/backends/weighted/${wb}`, { metadata: "m" })).body.backends).toEqual({ [tg]: 7 });
    expect((await api.patch(`/backends/failover/${fb}`, { metadata: "m" })).body.backends).toEqual([tg]);
  });

  test('"spec": a PATCH without backends answers {} / [] as the spec shows; the state keeps them', async () => {
    const spec = await start({ updateAnswers: "spec" });
    try {
      const client = spec.api;
      const { tg, wb, fb } = await backends(client);
      const weighted = await client.patch(`/backends/weighted/${wb}`, { metadata: "m" });
      expect(weighted.status).toBe(200);
      expect(weighted.body).toMatchObject({ id: wb, metadata: "m", backends: {} });
      const failover = await client.patch(`/backends/failover/${fb}`, { description: "d" });
      expect(failover.body).toMatchObject({ id: fb, description: "d", backends: [] });
      expect((await client.get(`/backends/weighted/${wb}`)).body).toMatchObject({ metadata: "m", backends: { [tg]: 7 } });
      expect((await client.get(`/backends/failover/${fb}`)).body).toMatchObject({ description: "d", backends: [tg] });
      // Deleting the child is still refused: the backends are really there.
      expectError(await client.del(`/backends/tunnel_group/${tg}`), 409, "CONFLICT");
      // A PATCH that sends backends answers them; create, get and list are not affected.
      const tg2 = (await client.post("/backends/tunnel_group", {})).body.id;
      expect((await client.patch(`/backends/weighted/${wb}`, { backends: { [tg2]: 3 } })).body.backends).toEqual({ [tg2]: 3 });
      expect((await client.patch(`/backends/failover/${fb}`, { backends: [tg2, tg] })).body.backends).toEqual([tg2, tg]);
      const listed = (await client.get("/backends/weighted")).body.backends;
      expect(listed.find((b: { id: string }) => b.id === wb).backends).toEqual({ [tg2]: 3 });
    } finally {
      await spec.emulator.close();
    }
  });

  test("startEmulator refuses an unknown updateAnswers", async () => {
    await expect(start({ updateAnswers: "empty" as "spec" })).rejects.toThrow(/updateAnswers must be one of stored, spec/);
  });
});
