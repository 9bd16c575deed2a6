/**
 * Every constraint of spec §7.3 and §8 (and the other "must" rules of §2 and §4) is rejected by
 * `pulumi preview`, naming the field, before anything reaches the service.
 *
 * The engine stops a preview at the first resource whose check fails (measured with three invalid
 * resources: only the first is reported), so each preview holds one resource. All the broken fields of
 * that one resource are reported, each on its own line: cases of one kind that break different
 * top-level fields share a preview (each still asserted on its own line), which keeps the file short.
 */
import * as path from "node:path";
import { kinds } from "../../provider/kinds";
import { DESCRIPTION_MAX_BYTES, METADATA_MAX_BYTES } from "../../sdk/core/fields";
import { chain, certificate, privateKeyPem, sshPublicKey } from "../support/pki";
import type { CliResult } from "../support/engine";
import { checkProblems, expectCheckFailure, expectSuccess, useEngineStack } from "../support/engine-stack";

interface Res {
  kind: string;
  name: string;
  args: Record<string, unknown>;
}
const fx = useEngineStack<{ resources: Res[] }>(path.join(__dirname, "..", "fixtures", "edges"), "edges");

const ca = certificate({ subject: { CN: "Constraints CA" }, ca: true, keyUsages: ["cert_sign"] });
const { chainPem, leaf } = chain({ subject: { CN: "app.example.com" }, dnsNames: ["app.example.com"] });
const SECRETS = { key: privateKeyPem(leaf.privateKey), monitoring: "monitoring-api-key-constraints-31" };
const publicKey = sshPublicKey("ed25519", "ops@constraints");

/** Valid arguments of every kind (ids are literal: a preview checks their shape only). */
const VALID: Record<string, Record<string, unknown>> = {
  ApiKey: {},
  IpPolicy: {},
  IpRestriction: { type: "api", ipPolicyIds: ["ipp_a1"] },
  IpPolicyRule: { ipPolicyId: "ipp_a1", cidr: "203.0.113.0/24", action: "allow" },
  TunnelGroupBackend: { labels: { app: "web" } },
  WeightedBackend: { backends: { bkdtg_a1: 1 } },
  FailoverBackend: { backends: ["bkdtg_a1"] },
  TcpEdge: { hostports: ["tcp.example.com:5432"] },
  TlsEdge: { hostports: ["tls.example.com:443"] },
  HttpsEdge: { hostports: ["web.example.com:443"] },
  HttpsEdgeRoute: { edgeId: "edghts_a1", matchType: "path_prefix", match: "/api" },
  ReservedDomain: { domain: "app.example.com" },
  CertificateAuthority: { caPem: ca.pem },
  TlsCertificate: { certificatePem: chainPem, privateKeyPem: "secret:key" },
  SshCredential: { publicKey },
  SshCertificateAuthority: { privateKeyType: "ed25519" },
  SshUserCertificate: { sshCertificateAuthorityId: "sshca_a1", publicKey },
  SshHostCertificate: { sshCertificateAuthorityId: "sshca_a1", publicKey },
  TunnelCredential: {},
  EventDestination: { target: { monitoring: { apiKey: "secret:monitoring" } } },
  EventSubscription: { destinationIds: ["ed_a1"] },
  EventSource: { subscriptionId: "esb_a1", type: "ip_policy_created.v0" },
};

// §8: every kind that declares the fields, as its provider does: a new kind is covered when it lands.
const withField = (field: string) => Object.values(kinds).filter((k) => field in k.createSchema.shape).map((k) => k.name);
const LIMITED = [...new Set([...withField("description"), ...withField("metadata")])];

// Byte semantics: two-byte characters, so the character counts (128, 2049) are under the limits.
const TWO_BYTE = "é";
const OVER_DESCRIPTION = TWO_BYTE.repeat((DESCRIPTION_MAX_BYTES + 1) / 2);
const OVER_METADATA = TWO_BYTE.repeat(METADATA_MAX_BYTES / 2 + 1);

interface Case {
  rule: string;
  kind: string;
  args: Record<string, unknown>;
  /** `[field path, rule]`, each reported on one line. */
  named: Array<[string, RegExp]>;
}

/** §7.3 and §8 beyond the text limits, then the other rules of §2 and §4 that a request must obey. */
const CASES: Case[] = [
  {
    rule: "§7.3/§8 a weight above 10000 or below 0",
    kind: "WeightedBackend",
    args: { backends: { bkdtg_a1: 10001, bkdwd_a2: -1, bkdfo_a3: 10000 } },
    named: [
      ["backends.bkdtg_a1", /at most 10000/],
      ["backends.bkdwd_a2", /at least 0/],
    ],
  },
  {
    rule: "§8 circuit breaker num_buckets over 128 and error_threshold_percentage over 1",
    kind: "HttpsEdgeRoute",
    args: { circuitBreaker: { numBuckets: 129, errorThresholdPercentage: 1.5 } },
    named: [
      ["circuitBreaker.numBuckets", /at most 128/],
      ["circuitBreaker.errorThresholdPercentage", /at most 1/],
    ],
  },
  {
    rule: "§8 circuit breaker error_threshold_percentage under 0",
    kind: "HttpsEdgeRoute",
    args: { circuitBreaker: { errorThresholdPercentage: -0.1 } },
    named: [["circuitBreaker.errorThresholdPercentage", /at least 0/]],
  },
  { rule: "§8 an RSA SSH authority of another key size", kind: "SshCertificateAuthority", args: { privateKeyType: "rsa", keySize: 3072 }, named: [["keySize", /2048, 4096/]] },
  {
    rule: "§7.3 certificate_id together with certificate_management_policy",
    kind: "ReservedDomain",
    args: { certificateId: "cert_a1", certificateManagementPolicy: { authority: "public-acme" } },
    named: [["certificateManagementPolicy", /together with certificateId/]],
  },
  {
    rule: "§7.3 min_version while terminate_at is upstream",
    kind: "TlsEdge",
    args: { tlsTermination: { terminateAt: "upstream", minVersion: "1.2" } },
    named: [["tlsTermination.minVersion", /null when terminateAt is upstream/]],
  },
  {
    rule: "§7.3 OAuth scopes without client_id and client_secret",
    kind: "HttpsEdgeRoute",
    args: { oauth: { provider: { social: { scopes: ["email"] } } } },
    named: [["oauth.provider.social.scopes", /requires clientId and clientSecret/]],
  },
  {
    rule: "§7.3 more than one member in an event target",
    kind: "EventDestination",
    args: { target: { monitoring: { apiKey: "secret:monitoring" }, logs: { logGroupResourceName: "lg", auth: { role: { roleResourceName: "r" } } } } },
    named: [["target", /exactly one of delivery, stream, logs, monitoring/]],
  },
  // §2.6: an own OAuth app needs both halves; teams exist only on the code-hosting provider, as <org>/<team>.
  {
    rule: "§2.6 OAuth client_id without client_secret",
    kind: "HttpsEdgeRoute",
    args: { oauth: { provider: { workspace: { clientId: "app-id" } } } },
    named: [["oauth.provider.workspace.clientSecret", /required when clientId is set/]],
  },
  {
    rule: "§2.6 OAuth teams on a provider other than code hosting",
    kind: "HttpsEdgeRoute",
    args: { oauth: { provider: { social: { teams: ["acme/ops"] } } } },
    named: [["oauth.provider.social.teams", /not a known field/]],
  },
  {
    rule: "§2.6 OAuth team not in <org>/<team> form; §2.6 match_type outside its values",
    kind: "HttpsEdgeRoute",
    args: { matchType: "prefix", oauth: { provider: { codehost: { teams: ["ops"] } } } },
    named: [
      ["oauth.provider.codehost.teams[0]", /<org>\/<team>/],
      ["matchType", /exact_path, path_prefix/],
    ],
  },
  {
    rule: "§2.19 a webhook provider the service does not name (upper-case identifiers)",
    kind: "HttpsEdgeRoute",
    args: { webhookVerification: { provider: "codehost" } },
    named: [["webhookVerification.provider", /must be one of/]],
  },
  {
    rule: "§2.19 webhook secret missing for a provider that needs it",
    kind: "HttpsEdgeRoute",
    args: { webhookVerification: { provider: "CODEHOST" } },
    named: [["webhookVerification.secret", /required/]],
  },
  {
    rule: "§2.3 terminate_at outside edge and upstream",
    kind: "TlsEdge",
    args: { tlsTermination: { terminateAt: "middle" } },
    named: [["tlsTermination.terminateAt", /edge, upstream/]],
  },
  {
    rule: "§2.3 modules needing the traffic while terminate_at is upstream",
    kind: "TlsEdge",
    args: { tlsTermination: { terminateAt: "upstream" }, mutualTls: { certificateAuthorityIds: ["ca_a1"] } },
    named: [["tlsTermination.terminateAt", /mutualTls/]],
  },
  {
    rule: "§2.21 both role and creds in a target's auth; format other than json",
    kind: "EventDestination",
    args: {
      format: "xml",
      target: { logs: { logGroupResourceName: "lg", auth: { role: { roleResourceName: "r" }, creds: { accessKeyId: "AKIA1", secretAccessKey: "secret:monitoring" } } } },
    },
    named: [
      ["target.logs.auth", /exactly one of role, creds/],
      ["format", /one of json/],
    ],
  },
  {
    rule: "§2.8/§4.6 restriction type outside its values; §2.1 id of another kind",
    kind: "IpRestriction",
    args: { type: "web", ipPolicyIds: ["ak_a1"] },
    named: [
      ["type", /dashboard, api, agent, endpoints/],
      ["ipPolicyIds[0]", /"ipp_"/],
    ],
  },
  {
    rule: "§2.12 region and private_key_type outside their values",
    kind: "ReservedDomain",
    args: { region: "mars", certificateManagementPolicy: { authority: "public-acme", privateKeyType: "dsa" } },
    named: [
      ["region", /au, eu, ap, us, jp, in, sa/],
      ["certificateManagementPolicy.privateKeyType", /rsa, ecdsa/],
    ],
  },
  {
    rule: "§4.9 SSH authority key type outside rsa/ecdsa/ed25519",
    kind: "SshCertificateAuthority",
    args: { privateKeyType: "dsa" },
    named: [["privateKeyType", /rsa, ecdsa, ed25519/]],
  },
  {
    rule: "§2.15 a critical option other than force-command and source-address",
    kind: "SshUserCertificate",
    args: { criticalOptions: { "permit-x11": "" } },
    named: [["criticalOptions.permit-x11", /force-command and source-address/]],
  },
];

// §8 for every kind that declares the fields, in bytes: 128 and 2049 characters are under the limits.
const LIMIT_CASES: Case[] = LIMITED.map((kind) => ({
  rule: "§8 description over 255 bytes and metadata over 4096 bytes",
  kind,
  args: { description: OVER_DESCRIPTION, metadata: OVER_METADATA },
  named: [
    ["description", /at most 255 bytes/],
    ["metadata", /at most 4096 bytes/],
  ],
}));

/** Cases grouped into previews: one kind each, no top-level field broken by two cases of a group. */
const PREVIEWS: Case[][] = [];
for (const c of [...LIMIT_CASES, ...CASES]) {
  const disjoint = (group: Case[]) => group.every((o) => Object.keys(o.args).every((f) => !(f in c.args)));
  const group = PREVIEWS.find((g) => g[0].kind === c.kind && disjoint(g));
  if (group) group.push(c);
  else PREVIEWS.push([c]);
}

function expectNamed(result: CliResult, named: Array<[string, RegExp]>): void {
  expectCheckFailure(result, named[0][0].split(/[.[]/)[0], named[0][1]);
  const reasons = checkProblems(result);
  for (const [field, rule] of named) {
    const line = reasons.find((r) => r.startsWith(`${field}: `));
    expect({ field, line }).toEqual({ field, line: expect.stringMatching(rule) });
  }
  // Nothing else failed: the rest of the arguments (and a value at the limit) are valid.
  expect(reasons).toHaveLength(named.length);
}

const WRITES = /^(POST|PUT|PATCH|DELETE) /;
async function writesSoFar(): Promise<number> {
  const res = await fetch(`${fx.emulator.url}/_emulator/counters`, { headers: { Authorization: `Bearer ${fx.emulator.rootToken}` } });
  expect(res.status).toBe(200);
  const counters = (await res.json()) as { routes: Record<string, { requests: number }> };
  return Object.entries(counters.routes)
    .filter(([route]) => WRITES.test(route))
    .reduce((n, [, c]) => n + c.requests, 0);
}

/** Previews one resource; nothing may be written to the service. */
async function previewOf(kind: string, args: Record<string, unknown>): Promise<CliResult> {
  const before = await writesSoFar();
  await fx.setSpec({ resources: [{ kind, name: "subject", args: { ...VALID[kind], ...args } }] });
  const result = await fx.stack.preview();
  expect(await writesSoFar()).toBe(before);
  return result;
}

describe("constraints are rejected at preview, naming the field, with nothing sent", () => {
  beforeAll(async () => {
    await fx.stack.setConfig("secrets", { value: JSON.stringify(SECRETS), secret: true });
  });

  test("every kind's valid arguments pass, at the byte limits: 255 ASCII bytes, 4096 bytes of two-byte characters", async () => {
    expect(Object.keys(VALID).sort()).toEqual(Object.keys(kinds).sort());
    const atLimit = (kind: string) => ({
      ...VALID[kind],
      ...(LIMITED.includes(kind) ? { description: "d".repeat(DESCRIPTION_MAX_BYTES), metadata: TWO_BYTE.repeat(METADATA_MAX_BYTES / 2) } : {}),
    });
    const before = await writesSoFar();
    await fx.setSpec({ resources: Object.keys(VALID).map((kind) => ({ kind, name: kind.toLowerCase(), args: atLimit(kind) })) });
    expectSuccess(await fx.stack.preview());
    expect(await writesSoFar()).toBe(before);
  });

  test.each(PREVIEWS.map((cases) => [`${cases[0].kind}: ${cases.map((c) => c.rule).join(" + ")}`, cases] as const))("%s", async (_title, cases) => {
    const args = Object.assign({}, ...cases.map((c) => c.args));
    expectNamed(await previewOf(cases[0].kind, args), cases.flatMap((c) => c.named));
  });
});

describe("a provider error", () => {
  test("a rejected API key fails up with the service's reason, never the key (the audit checks all output too)", async () => {
    const wrongKey = "wrong-api-key-for-the-provider-7731";
    await fx.stack.setConfig("edgeingress:apiKey", { value: wrongKey, secret: true });
    await fx.setSpec({ resources: [{ kind: "IpPolicy", name: "subject", args: { description: "never made" } }] });
    const up = await fx.stack.up();
    expect(up.code).not.toBe(0);
    expect(up.stdout + up.stderr).toMatch(/401|authentication failed/);
    expect(up.stdout + up.stderr).not.toContain(wrongKey);
    expect(await fx.client.ipPolicies.list().toArray()).toEqual([]);
  });
});
