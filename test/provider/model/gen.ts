/**
 * Declared states for the model test: per kind an arbitrary of inputs valid by the kind's create schema,
 * with the forms that have hidden perpetual diffs before: timestamps with fractions or offsets, explicit
 * nulls, explicit values equal to the service's defaults, sets in another order, PEM text with other
 * whitespace, and every module combination on edges and routes. References to other resources of the
 * stack are "@slot" strings (map keys too), resolved by the engine.
 */
import fc from "fast-check";
import { declarationOf, kinds } from "../../../provider/kinds";
import { certificate, privateKeyPem, sshPublicKey } from "../../support/pki";
import { resolveRefs } from "../../support/refs";

type Args = Record<string, unknown>;

// PKI material, made once per file: keys are slow, the forms are what varies.
const caPems = [1, 2, 3].map(
  (n) => certificate({ subject: { CN: `Model CA ${n}` }, ca: true, keyUsages: ["cert_sign"], keyType: "ecdsa" }).pem,
);
const leaves = [1, 2].map((n) => certificate({ subject: { CN: `leaf${n}.example.com` }, dnsNames: [`leaf${n}.example.com`] }));
const sshKeys = [0, 1, 2, 3].map((n) => sshPublicKey(n % 2 ? "ecdsa" : "ed25519", `model${n}@host`));

/** The same PEM with other whitespace: CRLF, no final newline, extra blank lines around. */
const pemForm = (pem: string) => fc.constantFrom(pem, pem.trimEnd(), pem.replace(/\n/g, "\r\n"), `\n${pem}\n\n`);

/** Omitted (undefined), or the value. */
const opt = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 3 });

/** A non-empty subset in any order: the spec treats these lists as sets. */
const someOf = <T>(items: readonly T[]) => fc.shuffledSubarray([...items], { minLength: 1 });

const words = fc.constantFrom("alpha", "beta", "gamma", "déjà vu", "a  b");
/** Description and metadata: omitted, the service's default given explicitly (""), or a value. */
const texts = fc.record({
  description: opt(fc.oneof(fc.constant(""), words)),
  metadata: opt(fc.oneof(fc.constant(""), fc.constantFrom('{"team":"edge"}', "plain text"))),
});

/** RFC 3339 instants in the future, as `Z`, with fractional seconds, or with an offset. */
function timestamp(baseDays: number) {
  return fc
    .tuple(
      fc.integer({ min: 0, max: 30 }),
      fc.integer({ min: 0, max: 999 }),
      fc.constantFrom("Z", "frac", "+02:00", "-05:30", "fracoffset"),
    )
    .map(([days, ms, form]) => {
      const t = new Date(Date.UTC(2031, 0, 1) + (baseDays + days) * 86_400_000 + ms);
      const iso = t.toISOString(); // 2031-01-01T00:00:00.123Z
      const noFrac = iso.replace(/\.\d{3}Z$/, "Z");
      const shifted = (offset: string) => {
        const sign = offset[0] === "+" ? 1 : -1;
        const [h, m] = offset.slice(1).split(":").map(Number);
        const local = new Date(t.getTime() + sign * (h * 60 + m) * 60_000).toISOString();
        return { withFrac: local.replace("Z", offset), noFrac: local.replace(/\.\d{3}Z$/, offset) };
      };
      if (form === "Z") return noFrac;
      if (form === "frac") return iso;
      if (form === "fracoffset") return shifted("+02:00").withFrac;
      return shifted(form).noFrac;
    });
}

const enabledForm = opt(fc.constant(true)); // explicit default
const backendModule = fc.record({ backendId: fc.constantFrom("@b1", "@b2"), enabled: enabledForm });
const ipRestrictionModule = fc.record({ ipPolicyIds: someOf(["@pol1", "@pol2"]), enabled: enabledForm });
const mutualTlsModule = fc.record({ certificateAuthorityIds: someOf(["@ca1", "@ca2"]), enabled: enabledForm });
const tlsTermination = fc.record({
  enabled: enabledForm,
  terminateAt: opt(fc.constantFrom("edge", "upstream")),
  minVersion: opt(fc.constantFrom("1.2", "1.3", null)),
});
const httpsTlsTermination = fc.record({ enabled: enabledForm, minVersion: opt(fc.constantFrom("1.2", "1.3", null)) });

function hostports(slot: string, port: number) {
  return fc.shuffledSubarray([`${slot}.example.com:${port}`, `${slot}-2.example.com:${port}`], { minLength: 1 });
}

const IDP = `<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://idp.example.test"/>`;

/** Per kind: the arbitrary of declared inputs for a resource in `slot` (slot names keep unique fields apart). */
export const BY_KIND: Record<string, (slot: string) => fc.Arbitrary<Args>> = {
  ApiKey: () => texts,
  IpPolicy: () => texts,
  // `endpoints`: an enforced api or dashboard restriction would lock the test's own client out.
  IpRestriction: () =>
    fc.record({ type: fc.constant("endpoints"), ipPolicyIds: someOf(["@pol1", "@pol2"]), enforced: opt(fc.boolean()), t: texts }),
  // An upper-case IPv6 block: the service answers it in RFC 5952 form, which must not read as a change.
  IpPolicyRule: () =>
    fc.record({
      ipPolicyId: fc.constantFrom("@pol1", "@pol2"),
      cidr: fc.constantFrom("203.0.113.0/24", "2001:DB8::/32", "2001:db8::/48"),
      action: fc.constantFrom("allow", "deny"),
      t: texts,
    }),
  EventDestination: (slot) =>
    fc.record({
      target: fc.record({
        logs: fc.record({
          logGroupResourceName: fc.constantFrom(`lg-${slot}`, `lg-${slot}-b`),
          auth: fc.constant({ role: { roleResourceName: "role" } }),
        }),
      }),
      format: opt(fc.constant("json")),
      t: texts,
    }),
  EventSubscription: () => fc.record({ destinationIds: someOf(["@d1", "@d2"]), t: texts }),
  EventSource: (slot) =>
    fc.record({
      subscriptionId: fc.constant("@sub"),
      type: slot.endsWith("1")
        ? fc.constantFrom("ip_policy_created.v0", "ip_policy_updated.v0")
        : fc.constantFrom("ip_policy_deleted.v0", "api_key_created.v0"),
    }),
  TunnelGroupBackend: (slot) =>
    fc.record({ labels: opt(fc.oneof(fc.constant({}), fc.constant({ app: slot }), fc.constant({ tier: "web", app: slot }))), t: texts }),
  WeightedBackend: () =>
    fc
      .tuple(someOf(["@b1", "@b2"]), fc.integer({ min: 0, max: 100 }), fc.integer({ min: 1, max: 100 }), texts)
      .map(([names, w1, w2, t]) => ({ backends: Object.fromEntries(names.map((n, i) => [n, i ? w2 : w1])), t })),
  FailoverBackend: () => fc.record({ backends: someOf(["@b1", "@b2"]), t: texts }),
  TcpEdge: (slot) =>
    fc.record({ hostports: hostports(slot, 5432), backend: opt(backendModule), ipRestriction: opt(ipRestrictionModule), t: texts }),
  TlsEdge: (slot) =>
    fc.record({
      hostports: hostports(slot, 443),
      backend: opt(backendModule),
      ipRestriction: opt(ipRestrictionModule),
      mutualTls: opt(mutualTlsModule),
      tlsTermination: opt(tlsTermination),
      t: texts,
    }),
  HttpsEdge: (slot) =>
    fc.record({ hostports: hostports(slot, 443), mutualTls: opt(mutualTlsModule), tlsTermination: opt(httpsTlsTermination), t: texts }),
  HttpsEdgeRoute: (slot) =>
    fc.record({
      edgeId: fc.constant("@web"),
      matchType: fc.constantFrom("path_prefix", "exact_path"),
      match: fc.constantFrom(`/${slot}`, `/${slot}/x`),
      t: texts,
      backend: opt(backendModule),
      ipRestriction: opt(ipRestrictionModule),
      circuitBreaker: opt(fc.record({ numBuckets: opt(fc.constantFrom(10, 64)), enabled: enabledForm })),
      compression: opt(fc.record({ enabled: opt(fc.boolean()) })),
      requestHeaders: opt(fc.record({ add: opt(fc.constant({ "X-Team": "edge" })), remove: opt(someOf(["X-A", "X-B"])) })),
      responseHeaders: opt(fc.record({ remove: opt(someOf(["Server", "Via"])) })),
      webhookVerification: opt(fc.constant({ provider: "CODEHOST", secret: "model-webhook-secret" })),
      oauth: opt(
        fc.record({
          provider: fc.constant({ github: { clientId: "app", clientSecret: "model-oauth-secret", organizations: ["acme", "ops"] } }),
        }),
      ),
      saml: opt(fc.record({ idpMetadata: fc.constant(IDP), authorizedGroups: opt(someOf(["ops", "dev"])) })),
      oidc: opt(fc.constant({})),
      websocketTcpConverter: opt(fc.record({ enabled: opt(fc.boolean()) })),
      userAgentFilter: opt(fc.constant({})),
      jwtValidation: opt(fc.constant({})),
    }),
  ReservedDomain: (slot) =>
    fc.record({
      domain: fc.constant(`${slot}.example.com`),
      certificateId: opt(fc.constant("@cert1")),
      certificateManagementPolicy: opt(
        fc.record({ authority: fc.constant("letsencrypt"), privateKeyType: opt(fc.constantFrom("ecdsa", "rsa")) }),
      ),
      t: texts,
    }),
  CertificateAuthority: (slot) => fc.record({ caPem: fc.constantFrom(...caPems.slice(slot === "ca2" ? 1 : 0)).chain(pemForm), t: texts }),
  TlsCertificate: () =>
    fc
      .constantFrom(...leaves)
      .chain((leaf) => fc.record({ certificatePem: pemForm(leaf.pem), privateKeyPem: pemForm(privateKeyPem(leaf.privateKey)), t: texts })),
  SshCredential: (slot) =>
    fc.record({
      publicKey: fc.constant(sshKeys[slot.endsWith("1") ? 1 : 0]),
      acl: opt(fc.shuffledSubarray([`bind:${slot}.example.com`, "bind:other.example.com"])),
      t: texts,
    }),
  SshCertificateAuthority: () => fc.record({ privateKeyType: fc.constantFrom("ed25519", "ecdsa"), t: texts }),
  TunnelCredential: (slot) => fc.record({ acl: opt(fc.shuffledSubarray([`bind:${slot}.example.com`, "bind:team=*"])), t: texts }),
  SshUserCertificate: () =>
    fc.record({
      sshCertificateAuthorityId: fc.constant("@sshca"),
      publicKey: fc.constantFrom(sshKeys[2], sshKeys[3]),
      principals: opt(fc.shuffledSubarray(["alice", "bob"])),
      criticalOptions: opt(fc.constantFrom({}, { "force-command": "ls" })),
      extensions: opt(fc.constantFrom({}, { "permit-pty": "" })),
      validAfter: opt(timestamp(0)),
      validUntil: opt(timestamp(40)),
      t: texts,
    }),
  SshHostCertificate: (slot) =>
    fc.record({
      sshCertificateAuthorityId: fc.constant("@sshca"),
      publicKey: fc.constantFrom(sshKeys[0], sshKeys[2]),
      principals: opt(fc.shuffledSubarray([`${slot}.example.com`, "host.example.com"])),
      validAfter: opt(timestamp(0)),
      validUntil: opt(timestamp(40)),
      t: texts,
    }),
};

/** Flattens the `t` (texts) group and drops omitted keys. */
function clean(args: Args): Args {
  const out: Args = {};
  const put = (k: string, v: unknown) => {
    if (v === undefined) return;
    out[k] = v !== null && typeof v === "object" && !Array.isArray(v) ? stripUndefined(v as Args) : v;
  };
  for (const [k, v] of Object.entries(args)) {
    if (k === "t") for (const [tk, tv] of Object.entries(v as Args)) put(tk, tv);
    else put(k, v);
  }
  return out;
}
function stripUndefined(v: Args): Args {
  return Object.fromEntries(
    Object.entries(v)
      .filter(([, x]) => x !== undefined)
      .map(([k, x]) => [k, x !== null && typeof x === "object" && !Array.isArray(x) ? stripUndefined(x as Args) : x]),
  );
}

/** Placeholder ids of the right shape, so the create schema can check a declared state before ids exist. */
const PLACEHOLDER: Record<string, string> = {
  "@pol1": "ipp_01m80f5tva9fyp6am2h8nbgnt0",
  "@pol2": "ipp_01m80f5tva9fyp6am2h8nbgnt1",
  "@b1": "bkdtg_01m80f5tva9fyp6am2h8nbgnt0",
  "@b2": "bkdtg_01m80f5tva9fyp6am2h8nbgnt1",
  "@ca1": "ca_01m80f5tva9fyp6am2h8nbgnt0",
  "@ca2": "ca_01m80f5tva9fyp6am2h8nbgnt1",
  "@d1": "ed_01m80f5tva9fyp6am2h8nbgnt0",
  "@d2": "ed_01m80f5tva9fyp6am2h8nbgnt1",
  "@sub": "esb_01m80f5tva9fyp6am2h8nbgnt0",
  "@web": "edghts_01m80f5tva9fyp6am2h8nbgnt0",
  "@cert1": "cert_01m80f5tva9fyp6am2h8nbgnt0",
  "@sshca": "sshca_01m80f5tva9fyp6am2h8nbgnt0",
};

export { refsOf } from "../../support/refs";

const placeholders = Object.fromEntries(Object.entries(PLACEHOLDER).map(([k, v]) => [k.slice(1), v]));

/** Inputs valid by the kind's create schema (with placeholder ids for references). */
export function argsArb(kind: string, slot: string): fc.Arbitrary<Args> {
  const decl = declarationOf(kind);
  return BY_KIND[kind](slot)
    .map(clean)
    .filter((a) => decl.createSchema.safeParse(resolveRefs(a, placeholders)).success);
}

/** The stack's resources others refer to: always declared, their inputs may change. */
export const SUPPORT: ReadonlyArray<[slot: string, kind: string]> = [
  ["pol1", "IpPolicy"],
  ["pol2", "IpPolicy"],
  ["b1", "TunnelGroupBackend"],
  ["b2", "TunnelGroupBackend"],
  ["ca1", "CertificateAuthority"],
  ["ca2", "CertificateAuthority"],
  ["d1", "EventDestination"],
  ["d2", "EventDestination"],
  ["sub", "EventSubscription"],
  ["web", "HttpsEdge"],
  ["cert1", "TlsCertificate"],
  ["sshca", "SshCertificateAuthority"],
];

/** Two optional slots per kind: `<Kind>0`, `<Kind>1`. */
export const LEAVES: ReadonlyArray<[slot: string, kind: string]> = Object.keys(kinds).flatMap((kind) =>
  [0, 1].map((i): [string, string] => [`${kind.toLowerCase()}${i}`, kind]),
);

export const SLOT_KIND: Readonly<Record<string, string>> = Object.fromEntries([...SUPPORT, ...LEAVES]);

/** Kinds whose look-alikes cannot collide with the stack's resources (no account-unique fields). */
export const LOOKALIKE_KINDS = new Set([
  "ApiKey",
  "IpPolicy",
  "IpRestriction",
  "IpPolicyRule",
  "EventDestination",
  "EventSubscription",
  "TunnelGroupBackend",
  "WeightedBackend",
  "FailoverBackend",
  "CertificateAuthority",
  "TlsCertificate",
  "SshCertificateAuthority",
  "SshUserCertificate",
  "SshHostCertificate",
  "TunnelCredential",
]);
