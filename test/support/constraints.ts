/**
 * Every constraint of spec §7.3 and §8 (and the other "must" rules of §2 and §4), as cases: the kind,
 * arguments that break it, and each field path the check must name with its rule. The provider's
 * check is held to every case (test/provider/constraints.test.ts); the provider protocol to the ways a
 * failure reaches `pulumi preview` (test/protocol/constraints.test.ts).
 */
import { kinds } from "../../provider/kinds";
import { DESCRIPTION_MAX_BYTES, METADATA_MAX_BYTES } from "../../sdk/core/fields";
import { chain, certificate, privateKeyPem, sshPublicKey } from "./pki";

const ca = certificate({ subject: { CN: "Constraints CA" }, ca: true, keyUsages: ["cert_sign"] });
const { chainPem, leaf } = chain({ subject: { CN: "app.example.com" }, dnsNames: ["app.example.com"] });
/** The secret values "secret:<key>" stands for in arguments (the edges fixture's `secrets` config). */
export const SECRETS = { key: privateKeyPem(leaf.privateKey), monitoring: "monitoring-api-key-constraints-31" };
const publicKey = sshPublicKey("ed25519", "ops@constraints");

/** Valid arguments of every kind (ids are literal: a preview checks their shape only). */
export const VALID: Record<string, Record<string, unknown>> = {
  ApiKey: {},
  IpPolicy: { rules: [{ cidr: "203.0.113.0/24", action: "allow", description: "office" }] },
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
  EventSubscription: { destinationIds: ["ed_a1"], sources: ["ip_policy_created.v0", "ip_policy_updated.v0"] },
  EventSource: { subscriptionId: "esb_a1", type: "ip_policy_created.v0" },
};

/** `n` valid inline rules, one /24 per row, each described by its row. */
export const ruleRows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ cidr: `10.${i >> 8}.${i & 255}.0/24`, action: "allow", description: `row ${i}` }));

/** A policy of 1000 inline rules whose row 5 has a /33 (issue 38), and the one reason check gives for it. */
export function badRowOfThousand(): { rules: ReturnType<typeof ruleRows>; reason: string } {
  const rules = ruleRows(1000);
  rules[5] = { ...rules[5], cidr: "10.0.5.0/33" };
  return { rules, reason: "rules[5].cidr: prefix length 33 is over 32 for IPv4" };
}

// §8: every kind that declares the fields, as its provider does: a new kind is covered when it lands.
const withField = (field: string) =>
  Object.values(kinds)
    .filter((k) => field in k.createSchema.shape)
    .map((k) => k.name);
export const LIMITED = [...new Set([...withField("description"), ...withField("metadata")])];

// Byte semantics: two-byte characters, so the character counts (128, 2049) are under the limits.
export const TWO_BYTE = "é";
const OVER_DESCRIPTION = TWO_BYTE.repeat((DESCRIPTION_MAX_BYTES + 1) / 2);
const OVER_METADATA = TWO_BYTE.repeat(METADATA_MAX_BYTES / 2 + 1);

export interface Case {
  rule: string;
  kind: string;
  args: Record<string, unknown>;
  /** `[field path, rule]`, each reported on one line. */
  named: Array<[string, RegExp]>;
}

/** §7.3 and §8 beyond the text limits, then the other rules of §2 and §4 that a request must obey. */
export const CASES: Case[] = [
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
  {
    rule: "§8 an RSA SSH authority of another key size",
    kind: "SshCertificateAuthority",
    args: { privateKeyType: "rsa", keySize: 3072 },
    named: [["keySize", /2048, 4096/]],
  },
  {
    rule: "§7.3 certificate_id together with certificate_management_policy",
    kind: "ReservedDomain",
    args: { certificateId: "cert_a1", certificateManagementPolicy: { authority: "letsencrypt" } },
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
    args: { oauth: { provider: { facebook: { scopes: ["email"] } } } },
    named: [["oauth.provider.facebook.scopes", /requires clientId and clientSecret/]],
  },
  {
    rule: "§7.3 more than one member in an event target",
    kind: "EventDestination",
    args: {
      target: {
        monitoring: { apiKey: "secret:monitoring" },
        logs: { logGroupResourceName: "lg", auth: { role: { roleResourceName: "r" } } },
      },
    },
    named: [["target", /exactly one of delivery, stream, logs, monitoring/]],
  },
  // §2.6: an own OAuth app needs both halves; teams exist only on the code-hosting provider, as <org>/<team>.
  {
    rule: "§2.6 OAuth client_id without client_secret",
    kind: "HttpsEdgeRoute",
    args: { oauth: { provider: { google: { clientId: "app-id" } } } },
    named: [["oauth.provider.google.clientSecret", /required when clientId is set/]],
  },
  {
    // The eight providers the vendor's OAuth module lists, by lowercase name: the emulator's old placeholders are none of them.
    rule: "§2.6 an OAuth provider key that is not a provider's lowercase name",
    kind: "HttpsEdgeRoute",
    args: { oauth: { provider: { codehost: {} } } },
    named: [["oauth.provider.codehost", /github, facebook, google, microsoft, gitlab, linkedin, twitch, amazon/]],
  },
  {
    rule: "§2.6 OAuth teams and organizations on a provider other than the code-hosting one",
    kind: "HttpsEdgeRoute",
    args: { oauth: { provider: { google: { teams: ["org/team"], organizations: ["org"] } } } },
    named: [
      ["oauth.provider.google.teams", /only accepted on github/],
      ["oauth.provider.google.organizations", /only accepted on github/],
    ],
  },
  {
    rule: "§2.12 a managed certificate's authority other than the one the service supports",
    kind: "ReservedDomain",
    args: { certificateManagementPolicy: { authority: "public-acme" } },
    named: [["certificateManagementPolicy.authority", /must be letsencrypt/]],
  },
  {
    rule: "§2.6 OAuth team not in <org>/<team> form; §2.6 match_type outside its values",
    kind: "HttpsEdgeRoute",
    args: { matchType: "prefix", oauth: { provider: { github: { teams: ["ops"] } } } },
    named: [
      ["oauth.provider.github.teams[0]", /<org>\/<team>/],
      ["matchType", /exact_path, path_prefix/],
    ],
  },
  {
    rule: "§2.4 a hostport whose port is outside 1 to 65535",
    kind: "TcpEdge",
    args: { hostports: ["tcp.example.com:70000"] },
    named: [["hostports[0]", /65535/]],
  },
  {
    rule: "IP policy rules (named, not described, by the spec): a CIDR with an octet over 255 and a prefix over 32",
    kind: "IpPolicyRule",
    args: { cidr: "10.0.0.300/33" },
    named: [["cidr", /not an IPv4 address .*; prefix length 33 is over 32 for IPv4/]],
  },
  {
    rule: "inline IP policy rules: each one as an IpPolicyRule (a CIDR block, an action), each block once in any spelling",
    kind: "IpPolicy",
    args: {
      rules: [
        { cidr: "203.0.113.0/24", action: "allow" },
        { cidr: "10.0.0.300/33", action: "allow" },
        { cidr: "198.51.100.0/24", action: "block" },
        { cidr: "2001:db8::/32", action: "deny" },
        { cidr: "2001:DB8:0::/32", action: "deny" },
      ],
    },
    named: [
      ["rules[1].cidr", /not an IPv4 address .*; prefix length 33 is over 32 for IPv4/],
      ["rules[2].action", /allow, deny/],
      ["rules[4].cidr", /cidr of rules\[3\] again/],
    ],
  },
  {
    rule: "inline event subscription sources: each a documented event type, each type once",
    kind: "EventSubscription",
    args: { sources: ["ip_policy_created.v0", "ip_policy_deleted.v0", "ip_policy_renamed.v0", "ip_policy_created.v0"] },
    named: [
      ["sources[2]", /must be a known event type/],
      ["sources[3]", /is sources\[0\] again/],
    ],
  },
  {
    rule: "tunnel credentials (as SSH credentials' §2.13 ACL): a rule other than bind",
    kind: "TunnelCredential",
    args: { acl: ["connect:example.com"] },
    named: [["acl[0]", /must be \*, bind:<domain>/]],
  },
  {
    rule: "§2.13 an SSH credential ACL rule other than bind",
    kind: "SshCredential",
    args: { acl: ["connect:example.com"] },
    named: [["acl[0]", /must be \*, bind:<domain>/]],
  },
  {
    rule: "§2.19 a webhook provider the service does not name (upper-case identifiers)",
    kind: "HttpsEdgeRoute",
    args: { webhookVerification: { provider: "github" } },
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
      target: {
        logs: {
          logGroupResourceName: "lg",
          auth: { role: { roleResourceName: "r" }, creds: { accessKeyId: "AKIA1", secretAccessKey: "secret:monitoring" } },
        },
      },
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
    args: { region: "mars", certificateManagementPolicy: { authority: "letsencrypt", privateKeyType: "dsa" } },
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
export const LIMIT_CASES: Case[] = LIMITED.map((kind) => ({
  rule: "§8 description over 255 bytes and metadata over 4096 bytes",
  kind,
  args: { description: OVER_DESCRIPTION, metadata: OVER_METADATA },
  named: [
    ["description", /at most 255 bytes/],
    ["metadata", /at most 4096 bytes/],
  ],
}));

/** Cases grouped as one resource each: one kind, no top-level field broken by two cases of a group. */
export function groupCases(cases: readonly Case[]): Case[][] {
  const groups: Case[][] = [];
  for (const c of cases) {
    const disjoint = (group: Case[]) => group.every((o) => Object.keys(o.args).every((f) => !(f in c.args)));
    const group = groups.find((g) => g[0].kind === c.kind && disjoint(g));
    if (group) group.push(c);
    else groups.push([c]);
  }
  return groups;
}

/** Valid arguments of a kind with description and metadata at their byte limits where it has them. */
export const atLimit = (kind: string): Record<string, unknown> => ({
  ...VALID[kind],
  ...(LIMITED.includes(kind) ? { description: "d".repeat(DESCRIPTION_MAX_BYTES), metadata: TWO_BYTE.repeat(METADATA_MAX_BYTES / 2) } : {}),
});
