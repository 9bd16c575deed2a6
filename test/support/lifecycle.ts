/**
 * The lifecycle every kind shares, generated from one table, run through the provider protocol on both
 * paths (test/protocol): all kinds live in one stack and each phase acts on all of them at once. Every kind of the provider has a case here or a reason in UNCOVERED. Phases: create, other spellings that are no change, secrets in state,
 * update in place, refresh, replace, out-of-band edit and delete, bad input, `Kind.get` and adopt, destroy.
 * Out-of-band drift of every field is in the drift matrix (drift-matrix.ts); every rule a check enforces is
 * in the constraint table (test/provider/constraints.test.ts, and per form test/protocol/constraints.test.ts),
 * so bad input here is only what needs this stack: an adopt id, ids given as Outputs, a secret not printed.
 */
import { updatableKeys, type KindApi } from "../../provider/framework/kind";
import { kinds } from "../../provider/kinds";
import { plaintextOf } from "../../harness/results";
import { SECRET_SIG, SIG_KEY } from "../../native/struct";
import { AuthenticationError, EdgeIngress } from "../../sdk";
import { certificate, chain, privateKeyPem, readSshCertificate, sshPublicKey } from "./pki";
import { expectCheckFailure, expectSuccess, type EngineFixture } from "./engine-stack";
import { listAccount, rowProblems } from "./kinds";

type Args = Record<string, unknown>;
type Ids = Record<string, string>;
interface Res {
  kind: string;
  name: string;
  args: Args;
}
export interface Program {
  resources: Res[];
  tokens?: boolean;
  reads?: Array<{ kind: string; name: string; id: string }>;
}

/** The stack the suite runs on (one suite per test file). */
let fx: EngineFixture<Program>;

/** A case's state after a stage: what it declares and what the service then holds (toMatchObject). */
interface Stage {
  args: Args;
  server: (ids: Ids) => object;
}

/** What a hook sees: this case's id and token now, before the phase, and every id of the stack. */
interface HookContext {
  id: string;
  token?: string;
  was: { id: string; token?: string };
  ids: Ids;
}

interface Case {
  kind: string;
  /** The resource's name in the stack. */
  name: string;
  create: Stage;
  /** A change in place; only a kind with nothing to change in place has none. */
  update?: Stage;
  /** A change that replaces it, where the kind has one. */
  replace?: Stage;
  /** The created inputs in other spellings: no change. */
  sameAs?: Args[];
  /** An out-of-band edit (sdk update body) that up --refresh undoes; none only where nothing can change. */
  drift?: Args | ((ids: Ids) => Args);
  /** Why the case sits out the out-of-band delete, if it does. */
  keptFromDelete?: string;
  /** Inputs failing at preview: the field named and the rule stated, and `hidden` not printed. */
  bad?: Array<{ args: Args; field: string; rule: RegExp; hidden?: string }>;
  /** `token` is a secret output the service shows only at create. */
  token?: true;
  /** `Kind.get` and adopt: an sdk create body for an existing one, and inputs that adopt it. */
  existing?: { body: Args; adopt: Args };
  /** Kind-specific checks after a phase. */
  after?: {
    create?: (h: HookContext) => Promise<void>;
    refresh?: (h: HookContext) => Promise<void>;
    replace?: (h: HookContext) => Promise<void>;
  };
}

/** In args: the emulator's bot user (known once it runs), an owner other than the caller. */
const BOT = "<bot>";

/** Resources the cases refer to. */
const SUPPORT: Res[] = [
  { kind: "IpPolicy", name: "a", args: {} },
  { kind: "IpPolicy", name: "b", args: {} },
  { kind: "IpPolicy", name: "rules", args: { description: "Office egress" } },
  // Signs the user certificate: it stays while the other authority is replaced.
  { kind: "SshCertificateAuthority", name: "user-ca", args: { privateKeyType: "ed25519" } },
  // A weighted backend's children, and a route made after its edge that uses the weighted backend.
  { kind: "TunnelGroupBackend", name: "blue", args: { labels: { color: "blue" } } },
  { kind: "TunnelGroupBackend", name: "green", args: { labels: { color: "green" } } },
  { kind: "HttpsEdge", name: "web", args: { hostports: ["weighted.example.com:443"] } },
  // Another rule of the same policy, its IPv6 block in a non-canonical spelling (no change after up).
  { kind: "IpPolicyRule", name: "v6", args: { ipPolicyId: "@rules", cidr: "2001:DB8:0::/32", action: "deny", description: "v6" } },
];
// After the cases: they use some.
const USERS: Res[] = [
  {
    kind: "HttpsEdgeRoute",
    name: "route",
    args: { edgeId: "@web", matchType: "path_prefix", match: "/", backend: { backendId: "@split" } },
  },
  { kind: "TlsEdge", name: "tls", args: { hostports: ["mtls.example.com:443"], mutualTls: { certificateAuthorityIds: ["@clients"] } } },
];
const caPem = (cn: string) => certificate({ subject: { CN: cn }, ca: true, keyUsages: ["cert_sign"], keyType: "rsa" }).pem;
const [CA_PEM, CA_PEM_2] = [caPem("Clients CA"), caPem("Clients CA 2")];
const { chainPem: CHAIN_PEM, leaf: LEAF } = chain({ subject: { CN: "app.example.com" }, dnsNames: ["app.example.com"] });
// Private keys reach the program through secret config ("secret:<key>").
const SECRETS = { key: privateKeyPem(LEAF.privateKey), otherKey: privateKeyPem(certificate().privateKey) };
const pemLine = (pem: string) => pem.split("\n")[1];
const AUDIT_TARGET = { logs: { logGroupResourceName: "audit", auth: { role: { roleResourceName: "writer" } } } };
const agentKey = sshPublicKey("ed25519", "agent@ci");
const userKey = sshPublicKey("ecdsa", "alice@laptop");
const hostKey = sshPublicKey("ed25519", "root@bastion");

/** The SSH certificate `certId` of `kind`: signed by the authority `caId`, with `principals`. */
async function expectSshCertificate(
  kind: "sshUserCertificates" | "sshHostCertificates",
  certId: string,
  caId: string,
  principals: string[],
) {
  const ca = await fx.client.sshCertificateAuthorities.get(caId);
  const parsed = readSshCertificate((await fx.client[kind].get(certId)).certificate, ca.publicKey);
  expect(parsed.signedByCa).toBe(true);
  expect(parsed.principals).toEqual(principals);
}

const weights = (blue: number, green: number) => [
  { backendId: "@blue", weight: blue },
  { backendId: "@green", weight: green },
];

/** A client authenticating with `token`, closed after `use`. */
async function withToken<T>(token: string, use: (client: EdgeIngress) => Promise<T>): Promise<T> {
  const client = new EdgeIngress({ apiKey: token, baseURL: fx.emulator.url, maxRetries: 0 });
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}

const CASES: Case[] = [
  {
    kind: "IpPolicy",
    name: "office",
    create: {
      args: { description: "office ranges", metadata: '{"team":"net"}' },
      server: () => ({ description: "office ranges", metadata: '{"team":"net"}' }),
    },
    // metadata dropped from the program: back to the service's default.
    update: { args: { description: "office and VPN" }, server: () => ({ description: "office and VPN", metadata: "" }) },
    drift: { description: "edited by hand" },
    bad: [{ args: { adopt: "ak_1" }, field: "adopt", rule: /does not have the form of IpPolicy ids \(ipp_…\)/ }],
    existing: { body: { description: "made by hand" }, adopt: { description: "now managed" } },
  },
  {
    kind: "IpRestriction",
    name: "api",
    create: {
      args: { type: "api", ipPolicyIds: ["@a"] },
      server: (ids) => ({ type: "api", enforced: false, ipPolicies: [{ id: ids.a }] }),
    },
    update: {
      args: { type: "api", ipPolicyIds: ["@a", "@b"], enforced: true },
      server: (ids) => ({ type: "api", enforced: true, ipPolicies: [{ id: ids.a }, { id: ids.b }] }),
    },
    replace: {
      args: { type: "dashboard", ipPolicyIds: ["@a", "@b"], enforced: true },
      server: (ids) => ({ type: "dashboard", enforced: true, ipPolicies: [{ id: ids.a }, { id: ids.b }] }),
    },
    drift: { enforced: false },
  },
  {
    kind: "IpPolicyRule",
    name: "v4",
    create: {
      args: { ipPolicyId: "@rules", cidr: "203.0.113.0/24", action: "allow" },
      server: (ids) => ({ cidr: "203.0.113.0/24", action: "allow", ipPolicy: { id: ids.rules } }),
    },
    update: {
      args: { ipPolicyId: "@rules", cidr: "198.51.100.0/24", action: "allow" },
      server: () => ({ cidr: "198.51.100.0/24", action: "allow" }),
    },
    replace: {
      args: { ipPolicyId: "@rules", cidr: "198.51.100.0/24", action: "deny" },
      server: () => ({ cidr: "198.51.100.0/24", action: "deny" }),
    },
    drift: { cidr: "192.0.2.0/24" },
    after: {
      create: async ({ ids }) => {
        // Made in the same update as its policy; the service writes IPv6 in its canonical form.
        expect(await fx.client.ipPolicyRules.get(ids.v6)).toMatchObject({
          cidr: "2001:db8::/32",
          action: "deny",
          ipPolicy: { id: ids.rules },
        });
      },
    },
  },
  {
    kind: "ApiKey",
    name: "ci",
    token: true,
    create: { args: { description: "ci" }, server: () => ({ description: "ci", token: null }) },
    update: { args: { description: "ci pipeline" }, server: () => ({ description: "ci pipeline" }) },
    replace: {
      args: { description: "ci pipeline", ownerId: BOT },
      server: () => ({ description: "ci pipeline", ownerId: fx.emulator.botId }),
    },
    drift: { description: "by hand" },
    after: {
      create: async ({ id, token }) => {
        // The token works against the service, which never shows it again.
        await withToken(token!, async (viaKey) => expect(await viaKey.apiKeys.get(id)).toMatchObject({ id, token: null }));
      },
      replace: async ({ was }) => {
        // The old key was deleted: its token is revoked.
        await withToken(was.token!, async (viaKey) => expect(viaKey.ipPolicies.list().toArray()).rejects.toMatchObject({ status: 401 }));
      },
    },
  },
  {
    kind: "TunnelCredential",
    name: "agent",
    token: true,
    create: {
      args: { description: "edge agent", acl: ["bind:*.example.com", "bind:team=edge"] },
      server: () => ({ description: "edge agent", acl: ["bind:*.example.com", "bind:team=edge"], token: null }),
    },
    sameAs: [{ description: "edge agent", acl: ["bind:team=edge", "bind:*.example.com"] }],
    update: {
      args: { description: "edge agent (prod)", acl: ["bind:app.example.com:443"] },
      server: () => ({ description: "edge agent (prod)", acl: ["bind:app.example.com:443"] }),
    },
    replace: {
      args: { description: "edge agent (prod)", acl: ["bind:app.example.com:443"], ownerId: BOT },
      server: () => ({ description: "edge agent (prod)", acl: ["bind:app.example.com:443"], ownerId: fx.emulator.botId }),
    },
    drift: { description: "by hand" },
    after: {
      create: async ({ id, token }) => {
        expect(id).toMatch(/^cr_/);
        expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
        // An agent's authtoken is not an API token.
        await withToken(token!, (asAgent) =>
          expect(asAgent.tunnelCredentials.list().toArray()).rejects.toBeInstanceOf(AuthenticationError),
        );
      },
      replace: async ({ id }) => {
        expect((await fx.client.tunnelCredentials.list().toArray()).map((c) => c.id)).toEqual([id]);
      },
    },
  },
  {
    kind: "SshCredential",
    name: "ssh-agent",
    create: { args: { publicKey: agentKey, acl: ["bind:*.example.com"] }, server: () => ({ acl: ["bind:*.example.com"] }) },
    update: { args: { publicKey: agentKey, acl: ["bind:app.example.com"] }, server: () => ({ acl: ["bind:app.example.com"] }) },
    replace: {
      args: { publicKey: agentKey, acl: ["bind:app.example.com"], ownerId: BOT },
      server: () => ({ acl: ["bind:app.example.com"], ownerId: fx.emulator.botId }),
    },
    drift: { acl: ["*"] },
  },
  {
    kind: "SshCertificateAuthority",
    name: "ca",
    create: { args: { privateKeyType: "ed25519" }, server: () => ({ keyType: "ed25519" }) },
    update: { args: { privateKeyType: "ed25519", description: "hosts" }, server: () => ({ keyType: "ed25519", description: "hosts" }) },
    replace: { args: { privateKeyType: "rsa", description: "hosts" }, server: () => ({ keyType: "rsa", description: "hosts" }) },
    drift: { description: "by hand" },
  },
  {
    kind: "SshUserCertificate",
    name: "alice",
    create: {
      args: { sshCertificateAuthorityId: "@user-ca", publicKey: userKey, principals: ["alice"] },
      server: () => ({ principals: ["alice"] }),
    },
    update: {
      args: { sshCertificateAuthorityId: "@user-ca", publicKey: userKey, principals: ["alice"], description: "alice" },
      server: () => ({ description: "alice" }),
    },
    replace: {
      args: { sshCertificateAuthorityId: "@user-ca", publicKey: userKey, principals: ["alice", "deploy"], description: "alice" },
      server: () => ({ principals: ["alice", "deploy"], description: "alice" }),
    },
    drift: { description: "by hand" },
    after: {
      create: ({ id, ids }) => expectSshCertificate("sshUserCertificates", id, ids["user-ca"], ["alice"]),
      replace: ({ id, ids }) => expectSshCertificate("sshUserCertificates", id, ids["user-ca"], ["alice", "deploy"]),
    },
  },
  {
    kind: "SshHostCertificate",
    name: "bastion",
    create: {
      args: { sshCertificateAuthorityId: "@ca", publicKey: hostKey, principals: ["bastion.example.com"] },
      server: () => ({ principals: ["bastion.example.com"] }),
    },
    update: {
      args: { sshCertificateAuthorityId: "@ca", publicKey: hostKey, principals: ["bastion.example.com"], description: "bastion" },
      server: () => ({ description: "bastion" }),
    },
    // The same inputs: replaced with the authority that signed it (a new key is a new authority).
    replace: {
      args: { sshCertificateAuthorityId: "@ca", publicKey: hostKey, principals: ["bastion.example.com"], description: "bastion" },
      server: () => ({ description: "bastion" }),
    },
    drift: { description: "by hand" },
    after: {
      create: ({ id, ids }) => expectSshCertificate("sshHostCertificates", id, ids.ca, ["bastion.example.com"]),
      // Signed by the new (RSA) authority.
      replace: ({ id, ids }) => expectSshCertificate("sshHostCertificates", id, ids.ca, ["bastion.example.com"]),
    },
  },
  {
    kind: "WeightedBackend",
    name: "split",
    // backendId is another resource's id Output, passed without apply.
    create: { args: { backends: weights(90, 10) }, server: (ids) => ({ backends: { [ids.blue]: 90, [ids.green]: 10 } }) },
    sameAs: [{ backends: [...weights(90, 10)].reverse() }, { backends: { "@blue": 90, "@green": 10 } }],
    update: { args: { backends: weights(50, 50) }, server: (ids) => ({ backends: { [ids.blue]: 50, [ids.green]: 50 } }) },
    drift: (ids) => ({ backends: { [ids.blue]: 10, [ids.green]: 90 } }),
    keptFromDelete: "the route uses it: the service refuses to delete it (409)",
    bad: [
      {
        args: { backends: [...weights(50, 50), { backendId: "@blue", weight: 1 }] },
        field: "backends",
        rule: /backends\[2\]\.backendId: must not repeat backends\[0\]\.backendId/,
      },
    ],
    after: {
      create: async ({ id, ids }) => {
        expect((await fx.client.weightedBackends.get(id)).backends).toEqual({ [ids.blue]: 90, [ids.green]: 10 });
        const state = await fx.stack.exportState();
        const outputs = (kind: string, name: string) => state.resources.find((r) => r.urn === fx.urn(kind, name))!.outputs!;
        expect(outputs("WeightedBackend", "split").backends).toEqual([
          { backendId: ids.blue, weight: 90 },
          { backendId: ids.green, weight: 10 },
        ]);
        // The route was made after its edge: an edge without inline routes keeps no list of routes a refresh could find stale.
        expect(outputs("HttpsEdge", "web").routeIds ?? null).toBeNull();
      },
    },
  },
  {
    kind: "CertificateAuthority",
    name: "clients",
    create: { args: { caPem: CA_PEM }, server: () => ({}) },
    update: { args: { caPem: CA_PEM, description: "clients" }, server: () => ({ description: "clients" }) },
    replace: { args: { caPem: CA_PEM_2, description: "clients" }, server: () => ({ description: "clients" }) },
    drift: { description: "by hand" },
    keptFromDelete: "the TLS edge uses it: the service refuses to delete it (409)",
    after: {
      create: async ({ id, ids }) => {
        expect((await fx.client.tlsEdges.get(ids.tls)).mutualTls?.certificateAuthorities.map((r) => r.id)).toEqual([id]);
      },
      // The edge follows the new authority.
      replace: async ({ id, ids }) => {
        expect((await fx.client.tlsEdges.get(ids.tls)).mutualTls?.certificateAuthorities.map((r) => r.id)).toEqual([id]);
      },
    },
  },
  {
    kind: "TlsCertificate",
    name: "app",
    create: { args: { certificatePem: CHAIN_PEM, privateKeyPem: "secret:key" }, server: () => ({ subjectCommonName: "app.example.com" }) },
    update: {
      args: { certificatePem: CHAIN_PEM, privateKeyPem: "secret:key", description: "web" },
      server: () => ({ description: "web" }),
    },
    drift: { description: "by hand" },
    bad: [
      {
        args: { certificatePem: CHAIN_PEM, privateKeyPem: "secret:otherKey" },
        field: "privateKeyPem",
        rule: /private key of the first \(leaf\) certificate/,
        hidden: pemLine(SECRETS.otherKey),
      },
    ],
    after: {
      // The key is a secret input: never in plain text in state.
      create: async () => {
        const state = await fx.stack.exportState();
        expect(state.raw).not.toContain(pemLine(SECRETS.key));
        const cert = state.resources.find((r) => r.urn === fx.urn("TlsCertificate", "app"))!;
        expect(cert.inputs!.privateKeyPem).toHaveProperty("ciphertext");
        expect(cert.outputs!.privateKeyPem).toHaveProperty("ciphertext");
      },
    },
  },
  {
    kind: "ReservedDomain",
    name: "app-domain",
    create: {
      args: { domain: "app.example.com", certificateId: "@app" },
      server: (ids) => ({ domain: "app.example.com", certificate: { id: ids.app } }),
    },
    update: {
      args: { domain: "app.example.com", certificateId: "@app", description: "app" },
      server: (ids) => ({ description: "app", certificate: { id: ids.app } }),
    },
    drift: { description: "by hand" },
  },
  {
    kind: "ReservedDomain",
    name: "managed",
    create: {
      args: { domain: "shop.example.com", certificateManagementPolicy: { authority: "letsencrypt" } },
      server: () => ({ domain: "shop.example.com", cnameTarget: expect.any(String) }),
    },
    update: {
      args: { domain: "shop.example.com", certificateManagementPolicy: { authority: "letsencrypt" }, description: "shop" },
      server: () => ({ domain: "shop.example.com", description: "shop" }),
    },
    replace: {
      args: { domain: "store.example.com", certificateManagementPolicy: { authority: "letsencrypt" }, description: "shop" },
      server: () => ({ domain: "store.example.com", description: "shop" }),
    },
    drift: { description: "by hand" },
    after: {
      // Issued a second or so after create (simulated ACME): a refresh reads it, and it is no diff.
      refresh: async () => {
        const state = await fx.stack.exportState();
        expect(state.resources.find((r) => r.urn === fx.urn("ReservedDomain", "managed"))!.outputs!.issuedCertificateId).toMatch(/^cert_/);
      },
    },
  },
  // Events: a destination, a subscription to it, one of its sources declared on its own.
  {
    kind: "EventDestination",
    name: "audit-log",
    create: { args: { target: AUDIT_TARGET }, server: () => ({ target: { logs: { logGroupResourceName: "audit" } } }) },
    update: {
      args: { target: AUDIT_TARGET, description: "audit trail" },
      server: () => ({ description: "audit trail", target: { logs: { logGroupResourceName: "audit" } } }),
    },
    drift: { description: "by hand" },
  },
  {
    kind: "EventSubscription",
    name: "audit",
    // No inline `sources`: the subscription's sources are then declared each on its own (below).
    create: { args: { destinationIds: ["@audit-log"] }, server: (ids) => ({ destinations: [{ id: ids["audit-log"] }] }) },
    update: {
      args: { destinationIds: ["@audit-log"], description: "audit" },
      server: (ids) => ({ description: "audit", destinations: [{ id: ids["audit-log"] }] }),
    },
    drift: { description: "by hand" },
  },
  {
    kind: "EventSource",
    name: "on-create",
    // Nothing about a source changes in place: no update, no out-of-band edit; another type replaces it.
    create: { args: { subscriptionId: "@audit", type: "ip_policy_created.v0" }, server: () => ({ type: "ip_policy_created.v0" }) },
    replace: { args: { subscriptionId: "@audit", type: "ip_policy_updated.v0" }, server: () => ({ type: "ip_policy_updated.v0" }) },
  },
  // Backends and edges of every protocol, on a backend of their own.
  {
    kind: "TunnelGroupBackend",
    name: "pool",
    create: { args: { labels: { pool: "db" } }, server: () => ({ labels: { pool: "db" } }) },
    update: {
      args: { labels: { pool: "db" }, description: "db pool" },
      server: () => ({ labels: { pool: "db" }, description: "db pool" }),
    },
    drift: { labels: { pool: "elsewhere" } },
  },
  {
    kind: "FailoverBackend",
    name: "fallback",
    create: { args: { backends: ["@pool", "@green"] }, server: (ids) => ({ backends: [ids.pool, ids.green] }) },
    // The order is the failover order: a change.
    update: { args: { backends: ["@green", "@pool"] }, server: (ids) => ({ backends: [ids.green, ids.pool] }) },
    drift: (ids) => ({ backends: [ids.pool] }),
  },
  {
    kind: "TcpEdge",
    name: "db",
    create: {
      args: { hostports: ["db.example.com:5432"], backend: { backendId: "@fallback" } },
      server: (ids) => ({ hostports: ["db.example.com:5432"], backend: { backend: { id: ids.fallback } } }),
    },
    update: {
      args: { hostports: ["db.example.com:5433"], backend: { backendId: "@fallback" }, description: "database" },
      server: (ids) => ({ hostports: ["db.example.com:5433"], description: "database", backend: { backend: { id: ids.fallback } } }),
    },
    drift: { description: "by hand" },
  },
  {
    kind: "TlsEdge",
    name: "passthrough",
    create: {
      args: { hostports: ["passthrough.example.com:443"], backend: { backendId: "@pool" } },
      server: (ids) => ({ hostports: ["passthrough.example.com:443"], backend: { backend: { id: ids.pool } } }),
    },
    update: {
      args: { hostports: ["passthrough.example.com:443"], backend: { backendId: "@pool" }, description: "passthrough" },
      server: (ids) => ({ description: "passthrough", backend: { backend: { id: ids.pool } } }),
    },
    drift: { description: "by hand" },
  },
  {
    kind: "HttpsEdge",
    name: "site",
    create: { args: { hostports: ["site.example.com:443"] }, server: () => ({ hostports: ["site.example.com:443"] }) },
    update: {
      args: { hostports: ["site.example.com:443"], description: "site" },
      server: () => ({ hostports: ["site.example.com:443"], description: "site" }),
    },
    drift: { description: "by hand" },
  },
  {
    kind: "HttpsEdgeRoute",
    name: "site-api",
    create: {
      args: { edgeId: "@site", matchType: "path_prefix", match: "/api", backend: { backendId: "@pool" } },
      server: (ids) => ({ edgeId: ids.site, match: "/api", backend: { backend: { id: ids.pool } } }),
    },
    update: {
      args: { edgeId: "@site", matchType: "path_prefix", match: "/api/v2", backend: { backendId: "@pool" }, description: "api" },
      server: (ids) => ({ edgeId: ids.site, match: "/api/v2", description: "api", backend: { backend: { id: ids.pool } } }),
    },
    drift: { description: "by hand" },
  },
];

/**
 * Kinds without a case, each with the reason it cannot have one here (empty: every kind has a case). The
 * completeness test below fails, naming the kind, when a kind has neither.
 */
const UNCOVERED: Readonly<Record<string, string>> = {};

const REPLACED = CASES.filter((c) => c.replace);
const TOKENS = CASES.filter((c) => c.token);
const BAD = CASES.flatMap((c) => (c.bad ?? []).map((bad) => ({ ...bad, kind: c.kind, name: c.name, case: c })));
const EXISTING = CASES.filter((c) => c.existing);
const DELETED = CASES.filter((c) => !c.keptFromDelete);
const DRIFTED = CASES.filter((c) => c.drift);

type StageName = "create" | "update" | "replace";
/** The stage a case is at once the stack reached `stage` (a kind without a replace stays updated, one without an update as made). */
function stageOf(c: Case, stage: StageName): Stage {
  const updated = c.update ?? c.create;
  return stage === "create" ? c.create : stage === "update" ? updated : (c.replace ?? updated);
}

/** The whole stack at `stage`, with some cases' inputs overridden (by name). */
function program(stage: StageName, over: Record<string, Args> = {}, extra: Partial<Program> = {}): Program {
  const resources = [...SUPPORT];
  for (const c of CASES) resources.push({ kind: c.kind, name: c.name, args: over[c.name] ?? stageOf(c, stage).args });
  resources.push(...USERS);
  const bot = (args: Args) => Object.fromEntries(Object.entries(args).map(([k, v]) => [k, v === BOT ? fx.emulator.botId : v]));
  return { resources: resources.map((r) => ({ ...r, args: bot(r.args) })), tokens: true, ...extra };
}

const urn = (c: Case) => fx.urn(c.kind, c.name);
/** The kind's sdk collection, as its declaration names it (a nested kind's takes composite ids). */
const coll = (c: Case): KindApi<any> => kinds[c.kind].api(fx.client);
/** Every resource of the case's kind in the account (a nested kind's across its parents). */
const listed = (c: Case) => listAccount(fx.client, kinds[c.kind]);
const stackIds = async () => (await fx.outputs()).ids as Ids;

/** Each case's token as the state holds it (decrypted), by name. */
async function stateTokens(): Promise<Record<string, string>> {
  const shown = await fx.stack.run(["stack", "export", "--show-secrets", "--stack", fx.stack.name, "--non-interactive"]);
  expectSuccess(shown);
  const resources = JSON.parse(shown.stdout).deployment.resources as Array<{ urn: string; outputs?: Record<string, any> }>;
  const tokens: Record<string, string> = {};
  for (const c of TOKENS) {
    const token = resources.find((r) => r.urn === urn(c))!.outputs!.token;
    tokens[c.name] = plaintextOf(token) as string;
  }
  return tokens;
}

/** The table's phases on `fixture`'s path, through the provider protocol (test/protocol/lifecycle-dynamic.test.ts, lifecycle-native.test.ts). */
export function lifecycleSuite(fixture: EngineFixture<Program>): void {
  fx = fixture;
  describe("the cases", () => {
    test("every kind has a case or a reason in UNCOVERED, and none has both", () => {
      const cased = new Set(CASES.map((c) => c.kind));
      expect(rowProblems("the lifecycle's cases", [...cased, ...Object.keys(UNCOVERED)])).toEqual([]);
      expect(Object.keys(UNCOVERED).filter((k) => cased.has(k) || !UNCOVERED[k].trim())).toEqual([]);
    });

    test("a case leaves out the update and the out-of-band edit only where nothing changes in place", () => {
      const lacking = CASES.filter((c) => !c.update || !c.drift).map((c) => ({ kind: c.kind, updatable: updatableKeys(kinds[c.kind]) }));
      expect(lacking.filter((l) => l.updatable.length > 0)).toEqual([]);
    });
  });

  describe("every kind's lifecycle, in one stack", () => {
    let ids: Ids = {};
    let tokens: Record<string, string> = {};
    let was: { ids: Ids; tokens: Record<string, string> } = { ids: {}, tokens: {} };
    let stage: StageName = "create";
    const hook = (c: Case): HookContext => ({
      id: ids[c.name],
      token: tokens[c.name],
      was: { id: was.ids[c.name], token: was.tokens[c.name] },
      ids,
    });
    /** Reads ids and tokens after an up, keeping the ones before. */
    const reread = async () => {
      was = { ids, tokens };
      ids = await stackIds();
      tokens = await stateTokens();
    };
    const expectConverged = async (c: Case) => expect(await coll(c).get(ids[c.name])).toMatchObject(stageOf(c, stage).server(ids));

    describe("create", () => {
      test("one up creates every kind (and the resources they refer to); no diff after", async () => {
        await fx.setSecrets(SECRETS);
        await fx.setProgram(program("create"));
        expectSuccess(await fx.stack.up());
        await reread();
      });

      test.each(CASES)("$kind $name: the service holds what was declared", async (c) => {
        await expectConverged(c);
        await c.after?.create?.(hook(c));
      });

      // The plain no-change preview ran with the up.
      test("a refreshed preview shows no changes", async () => {
        expectSuccess(await fx.stack.preview({ refresh: true, expectNoChanges: true }));
      });

      // One preview per spelling: the i-th of every kind that has one.
      const spellings = Math.max(...CASES.map((c) => c.sameAs?.length ?? 0));
      test.each(Array.from({ length: spellings }, (_, i) => i))("the same inputs in other spellings are no change (#%i)", async (i) => {
        // Leaving out a spelling the path's program cannot write (native: a map keyed by resource ids).
        const over = Object.fromEntries(CASES.filter((c) => c.sameAs?.[i] && fx.expresses(c.sameAs[i])).map((c) => [c.name, c.sameAs![i]]));
        await fx.setProgram(program("create", over));
        expectSuccess(await fx.stack.preview({ expectNoChanges: true }));
      });
    });

    describe("secret tokens", () => {
      let state: Awaited<ReturnType<typeof fx.stack.exportState>>;
      test("(the state, exported)", async () => {
        state = await fx.stack.exportState();
      });

      test.each(TOKENS)("$kind $name: the token is a secret in state, never plain text", (c) => {
        expect(state.raw).not.toContain(tokens[c.name]);
        expect(state.raw).not.toContain(fx.emulator.rootToken);
        const res = state.resources.find((r) => r.urn === urn(c))!;
        expect(res.outputs!.token).toMatchObject({ [SIG_KEY]: SECRET_SIG, ciphertext: expect.any(String) });
        // And the declared values a refresh gives back as inputs (provider/framework/hidden-outputs.ts): the
        // dynamic classes have the engine mark them; the native plugin marks them itself when it stores
        // them (held after a refresh by the drift matrix), and the engine marks the token from the schema.
        expect(res.additionalSecretOutputs).toEqual(fx.path === "dynamic" ? ["token", "__spelled"] : ["token"]);
      });

      test("the tokens stack output shows [secret]", async () => {
        const plain = await fx.stack.run(["stack", "output", "--stack", fx.stack.name, "--non-interactive", "tokens"]);
        expect(plain.stdout).toContain("[secret]");
        for (const c of TOKENS) expect(plain.stdout).not.toContain(tokens[c.name]);
        // The output holds each token as it is.
        expect((await fx.outputs()).tokens).toEqual(tokens);
      });
    });

    describe("update in place", () => {
      let ops: Record<string, string[]> = {};
      test("one preview plans every in-place change", async () => {
        await fx.setProgram(program("update"));
        const preview = await fx.stack.preview();
        expectSuccess(preview);
        ops = preview.ops;
      });

      test.each(CASES)("$kind $name: the preview shows an update where the kind has one, else nothing", (c) => {
        expect(ops[urn(c)] ?? ["same"]).toEqual([c.update ? "update" : "same"]);
      });

      test("one up applies them", async () => {
        stage = "update";
        expectSuccess(await fx.stack.up());
        await reread();
      });

      test.each(CASES)("$kind $name: same id, the service as declared", async (c) => {
        expect(ids[c.name]).toBe(was.ids[c.name]);
        await expectConverged(c);
      });

      test.each(TOKENS)("$kind $name: the update keeps the token", (c) => {
        expect(tokens[c.name]).toBe(was.tokens[c.name]);
      });

      test("a refresh succeeds and leaves no diff", async () => {
        expectSuccess(await fx.stack.refresh());
        await reread();
        expectSuccess(await fx.stack.preview({ expectNoChanges: true }));
      });

      test.each(CASES.filter((c) => c.after?.refresh))("$kind $name: after the refresh", async (c) => {
        await c.after!.refresh!(hook(c));
      });

      // The service shows a token only at create: refresh must keep the one in state.
      test.each(TOKENS)("$kind $name: the refresh keeps the token", (c) => {
        expect(tokens[c.name]).toBe(was.tokens[c.name]);
      });
    });

    describe("replace", () => {
      let ops: Record<string, string[]> = {};
      test("one preview plans every replacement", async () => {
        await fx.setProgram(program("replace"));
        const preview = await fx.stack.preview();
        expectSuccess(preview);
        ops = preview.ops;
      });

      test.each(CASES)("$kind $name: the preview shows a replace where the kind has one, else nothing", (c) => {
        expect(ops[urn(c)] ?? ["same"]).toEqual([c.replace ? "replace" : "same"]);
      });

      test("one up applies them", async () => {
        stage = "replace";
        expectSuccess(await fx.stack.up());
        await reread();
      });

      test.each(REPLACED)("$kind $name: a new id, the old one gone from the service", async (c) => {
        expect(ids[c.name]).not.toBe(was.ids[c.name]);
        await expectConverged(c);
        await expect(coll(c).get(was.ids[c.name])).rejects.toMatchObject({ status: 404 });
        await c.after?.replace?.(hook(c));
      });

      test.each(TOKENS.filter((c) => c.replace))("$kind $name: a new token, secret in state", async (c) => {
        expect(tokens[c.name]).toEqual(expect.any(String));
        expect(tokens[c.name]).not.toBe(was.tokens[c.name]);
        expect((await fx.stack.exportState()).raw).not.toContain(tokens[c.name]);
      });
    });

    describe("out-of-band edit", () => {
      let ops: Record<string, string[]> = {};
      test("edits of every kind are reported by one preview --refresh", async () => {
        for (const c of DRIFTED) await coll(c).update(ids[c.name], typeof c.drift === "function" ? c.drift(ids) : c.drift!);
        const preview = await fx.stack.preview({ refresh: true });
        expectSuccess(preview);
        ops = preview.ops;
      });

      test.each(CASES)("$kind $name: refresh then update where it was edited, else a refresh only", (c) => {
        expect(ops[urn(c)]).toEqual(c.drift ? ["refresh", "update"] : ["refresh"]);
      });

      test("one up --refresh undoes them", async () => {
        expectSuccess(await fx.stack.up(["--refresh"]));
        await reread();
      });

      test.each(CASES)("$kind $name: same id, the service back to what is declared", async (c) => {
        expect(ids[c.name]).toBe(was.ids[c.name]);
        await expectConverged(c);
      });

      test.each(TOKENS)("$kind $name: the token is kept", (c) => {
        expect(tokens[c.name]).toBe(was.tokens[c.name]);
      });
    });

    describe("out-of-band delete", () => {
      let ops: Record<string, string[]> = {};
      test("deletes of every kind are reported by one preview --refresh", async () => {
        // Whatever refers to another goes first.
        for (const c of [...DELETED].reverse()) await coll(c).delete(ids[c.name]);
        const preview = await fx.stack.preview({ refresh: true });
        expectSuccess(preview);
        ops = preview.ops;
      });

      test.each(DELETED)("$kind $name: refresh then create", (c) => {
        expect(ops[urn(c)]).toEqual(["refresh", "create"]);
      });

      test("one up --refresh makes them again; a refreshed preview then shows no changes", async () => {
        expectSuccess(await fx.stack.up(["--refresh"]));
        await reread();
        expectSuccess(await fx.stack.preview({ refresh: true, expectNoChanges: true }));
      });

      test.each(DELETED)("$kind $name: a new id, as declared", async (c) => {
        expect(ids[c.name]).not.toBe(was.ids[c.name]);
        await expectConverged(c);
      });

      test.each(TOKENS)("$kind $name: a new token", (c) => {
        expect(tokens[c.name]).toEqual(expect.any(String));
        expect(tokens[c.name]).not.toBe(was.tokens[c.name]);
      });
    });

    describe("bad input", () => {
      let before: Array<unknown[]> = [];
      const everything = () => Promise.all(CASES.map((c) => listed(c)));
      test("(the service's contents before)", async () => {
        // A managed domain made by the last up may still be getting its certificate (the emulator issues it
        // a second later): wait until none is, so only this phase's commands could change the contents.
        const provisioning = async () =>
          (await fx.client.reservedDomains.list().toArray()).some(
            (d) => d.certificateManagementStatus?.provisioningJob?.errorCode === null,
          );
        for (let i = 0; i < 100 && (await provisioning()); i++) await new Promise((r) => setTimeout(r, 100));
        before = await everything();
      });

      // One preview each: a failed check may end a preview before the others are checked.
      test.each(BAD)("$kind $name: a bad $field fails at preview, naming the field", async (bad) => {
        await fx.setProgram(program(stage, { [bad.case.name]: bad.args }));
        const result = await fx.stack.preview();
        if (fx.path === "native" && bad.field === "adopt") {
          // adopt's native counterpart is the `import` option: no input to check, the provider's read
          // of the id fails the preview with the same words.
          expect(result.code).not.toBe(0);
          expect(result.stdout + result.stderr).toMatch(bad.rule);
        } else expectCheckFailure(result, bad.field, bad.rule);
        if (bad.hidden) expect(result.stdout + result.stderr).not.toContain(bad.hidden);
      });

      test("a failed preview changes nothing", async () => {
        expect(await everything()).toEqual(before);
      });
    });

    describe("Kind.get and adopt", () => {
      const made: Record<string, { seen: string; adopted: string; count: number }> = {};
      test("one up reads existing resources with Kind.get and adopts others", async () => {
        for (const c of EXISTING) {
          const seen = (await coll(c).create({ description: "made elsewhere" })).id;
          const adopted = (await coll(c).create(c.existing!.body)).id;
          made[c.name] = { seen, adopted, count: (await listed(c)).length };
        }
        const reads = EXISTING.map((c) => ({ kind: c.kind, name: `${c.name}-seen`, id: made[c.name].seen }));
        const s = program(stage, {}, { reads });
        // The native `import` option takes a resource as the service holds it (inputs that differ fail the
        // import): the program declares the existing body there, and changing it after is an ordinary update.
        const adopt = (c: Case) => (fx.path === "native" ? c.existing!.body : c.existing!.adopt);
        for (const c of EXISTING)
          s.resources.push({ kind: c.kind, name: `${c.name}-legacy`, args: { ...adopt(c), adopt: made[c.name].adopted } });
        await fx.setProgram(s);
        expectSuccess(await fx.stack.up());
      });

      test.each(EXISTING)("$kind $name: read as it is; adopted with the same id, converged, no duplicate", async (c) => {
        const out = await fx.outputs();
        const { seen, adopted, count } = made[c.name];
        expect(out.reads[`${c.name}-seen`]).toEqual({ id: seen, description: "made elsewhere" });
        expect(out.ids[`${c.name}-legacy`]).toBe(adopted);
        expect(await coll(c).get(adopted)).toMatchObject(fx.path === "native" ? c.existing!.body : c.existing!.adopt);
        expect(await listed(c)).toHaveLength(count);
      });

      test("dropped from the program, a read resource is left alone and an adopted one deleted", async () => {
        await fx.setProgram(program(stage));
        expectSuccess(await fx.stack.up());
        for (const c of EXISTING) {
          expect((await coll(c).get(made[c.name].seen)).description).toBe("made elsewhere");
          await expect(coll(c).get(made[c.name].adopted)).rejects.toMatchObject({ status: 404 });
          await coll(c).delete(made[c.name].seen);
        }
      });
    });

    describe("destroy", () => {
      let out: Ids = {};
      test("(the stack's ids before)", async () => {
        out = await stackIds();
      });

      test.each(CASES)("$kind $name: before, the service holds exactly the stack's resources of the kind", async (c) => {
        const mine = program(stage)
          .resources.filter((r) => r.kind === c.kind)
          .map((r) => out[r.name]);
        // Certificates the service issued for a managed domain are its own, not the stack's.
        const theirs = (await listed(c)).filter((r) => !r.issuedAt);
        expect(theirs.map((r) => r.id).sort()).toEqual(mine.sort());
      });

      test("one destroy empties every collection", async () => {
        expectSuccess(await fx.stack.destroy());
        for (const c of CASES) expect(await listed(c)).toEqual([]);
      });

      test("the API key's token is revoked", async () => {
        await withToken(tokens.ci, async (viaKey) => expect(viaKey.ipPolicies.list().toArray()).rejects.toMatchObject({ status: 401 }));
      });
    });
  });
}
