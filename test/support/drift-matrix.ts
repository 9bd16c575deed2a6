/**
 * The drift matrix: for every kind, each field the service lets change is changed out of band, and
 * every resource is deleted out of band; `preview --refresh` must report exactly that, `up --refresh`
 * must restore it, and no diff may remain. The fields come from the kind declarations
 * (provider/framework/kind.ts): a field added later has no out-of-band value here and fails the matrix.
 *
 * One resource per (kind, field), and per module two more: one whose module is removed out of band and
 * one that declares none and gets it added out of band. So every change happens in one round: one
 * refresh preview, one `up --refresh`.
 */
import { isDeepStrictEqual } from "node:util";
import type { EdgeIngress } from "../../sdk";
import { camelToSnake } from "../../sdk/core/case";
import { inputKeys, updatableKeys, type KindDeclaration } from "../../provider/framework/kind";
import { CHILD_RULES, toOutputs } from "../../provider/framework/lifecycle";
import { childObject, readClaimed, splitSecrets } from "../../provider/framework/children";
import { kinds } from "../../provider/kinds";
import { certificate, privateKeyPem, sshPublicKey } from "./pki";
import type { StateResource } from "../../harness/engine";
import { isMarkedSecret } from "../../harness/audit";
import { resolveRefs } from "./refs";
import { expectSuccess, type EngineFixture } from "./engine-stack";
import { nativeArgs } from "./native-stack";

export interface Res {
  kind: string;
  name: string;
  args: Record<string, unknown>;
}

type Args = Record<string, unknown>;
/** A value, or one made for the resource named `c` (unique hostports, domains, keys). */
type PerCase<T> = T | ((c: string) => T);

/** How one field is changed out of band. */
export type OutOfBand =
  | {
      value: PerCase<unknown>;
      /** Args replacing the kind's for this resource (e.g. a managed certificate instead of an uploaded one). */
      declared?: Args;
      /** Outputs the service derives from this field, which may change with it (at once or soon after). */
      alsoChanges?: string[];
    }
  /** The field cannot be changed to anything else (one allowed value): why. */
  | { none: string };

export interface KindMatrix {
  /** What each resource of this kind declares: every mutable field set, every module present. */
  args: (c: string) => Args;
  outOfBand: Record<string, OutOfBand>;
  /** Outputs that may change when a module is removed, beside the module. */
  removedAlsoChanges?: Record<string, string[]>;
}

/**
 * Inputs the service never returns (refresh keeps the declared value), so a refresh cannot see them
 * change: as listed in docs/provider.md (Drift). None can change after creation either.
 */
export const WRITE_ONLY: Readonly<Record<string, readonly string[]>> = {
  TlsCertificate: ["privateKeyPem"],
  SshCertificateAuthority: ["ellipticCurve", "keySize"],
};
export const writeOnlyInputs = (decl: KindDeclaration): string[] => inputKeys(decl).filter((k) => decl.keepFromState?.includes(k));
/** The fields the matrix changes out of band: every updatable field a refresh can see. */
export const driftFields = (decl: KindDeclaration): string[] => updatableKeys(decl).filter((k) => !writeOnlyInputs(decl).includes(k));

const DESCRIPTION: OutOfBand = { value: "changed out of band" };
const METADATA: OutOfBand = { value: '{"changed":"out of band"}' };
const texts = (c: string) => ({ description: `${c} as declared`, metadata: `{"case":"${c}"}` });

const IDP = (entity: string) =>
  `<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://${entity}.example.test"/>`;
const caPem = (cn: string) => certificate({ subject: { CN: cn }, ca: true, keyUsages: ["cert_sign"], keyType: "ecdsa" }).pem;
const leaf = certificate({ subject: { CN: "drift.example.com" }, dnsNames: ["*.example.com"] });
const otherLeaf = certificate({ subject: { CN: "other.example.com" }, dnsNames: ["*.example.com"] });

/** Secret config of every area's stack; "secret:<key>" in args and out-of-band values stands for them. */
export const SECRETS: Record<string, string> = {
  oauth: "drift-oauth-client-secret-3141",
  hook: "drift-webhook-secret-2718",
  key: privateKeyPem(leaf.privateKey),
  otherKey: privateKeyPem(otherLeaf.privateKey),
};

const oauth = (organizations: string[]) => ({ provider: { github: { clientId: "app", clientSecret: "secret:oauth", organizations } } });

export const MATRIX: Record<string, KindMatrix> = {
  ApiKey: { args: texts, outOfBand: { description: DESCRIPTION, metadata: METADATA } },
  IpPolicy: {
    args: (c) => ({ rules: [{ cidr: "192.0.2.0/24", action: "allow", description: "office" }], ...texts(c) }),
    // An owned input drifts by a child made by hand: the whole of IPv6 opened.
    outOfBand: {
      description: DESCRIPTION,
      metadata: METADATA,
      rules: { value: { cidr: "::/0", action: "allow", description: "by hand" }, alsoChanges: ["ruleIds"] },
    },
  },
  IpRestriction: {
    // `endpoints`: an enforced api or dashboard restriction would lock the test's own client out.
    args: (c) => ({ type: "endpoints", ipPolicyIds: ["@pol1"], enforced: true, ...texts(c) }),
    outOfBand: { description: DESCRIPTION, metadata: METADATA, enforced: { value: false }, ipPolicyIds: { value: ["@pol2"] } },
  },
  IpPolicyRule: {
    args: (c) => ({ ipPolicyId: "@pol1", cidr: "203.0.113.0/24", action: "deny", ...texts(c) }),
    outOfBand: { description: DESCRIPTION, metadata: METADATA, cidr: { value: "2001:db8::/32" } },
  },
  EventDestination: {
    args: (c) => ({ target: { logs: { logGroupResourceName: `lg-${c}`, auth: { role: { roleResourceName: "role" } } } }, ...texts(c) }),
    outOfBand: {
      description: DESCRIPTION,
      metadata: METADATA,
      target: { value: { logs: { logGroupResourceName: "lg-elsewhere", auth: { role: { roleResourceName: "role" } } } } },
      format: { none: "json is the only format" },
    },
  },
  EventSubscription: {
    args: (c) => ({ destinationIds: ["@d1"], sources: ["ip_policy_created.v0"], ...texts(c) }),
    // An owned input drifts by a source added by hand.
    outOfBand: {
      description: DESCRIPTION,
      metadata: METADATA,
      destinationIds: { value: ["@d2"] },
      sources: { value: "ip_policy_deleted.v0", alsoChanges: ["sourceIds"] },
    },
  },
  // Nothing about a source changes: it is only deleted out of band.
  EventSource: { args: () => ({ subscriptionId: "@sub", type: "ip_policy_created.v0" }), outOfBand: {} },

  TunnelGroupBackend: {
    args: (c) => ({ labels: { app: c }, ...texts(c) }),
    outOfBand: { description: DESCRIPTION, metadata: METADATA, labels: { value: { app: "elsewhere" } } },
  },
  WeightedBackend: {
    args: (c) => ({ backends: { "@b1": 90, "@b2": 10 }, ...texts(c) }),
    outOfBand: { description: DESCRIPTION, metadata: METADATA, backends: { value: { "@b1": 10, "@b2": 90 } } },
  },
  FailoverBackend: {
    args: (c) => ({ backends: ["@b1", "@b2"], ...texts(c) }),
    outOfBand: { description: DESCRIPTION, metadata: METADATA, backends: { value: ["@b2", "@b1"] } },
  },
  TcpEdge: {
    args: (c) => ({
      hostports: [`${c}.example.com:5432`],
      backend: { backendId: "@b1" },
      ipRestriction: { ipPolicyIds: ["@pol1"] },
      ...texts(c),
    }),
    outOfBand: {
      description: DESCRIPTION,
      metadata: METADATA,
      hostports: { value: (c: string) => [`${c}-moved.example.com:5432`] },
      backend: { value: { backendId: "@b2" } },
      ipRestriction: { value: { ipPolicyIds: ["@pol2"] } },
    },
  },
  TlsEdge: {
    args: (c) => ({
      hostports: [`${c}.example.com:443`],
      backend: { backendId: "@b1" },
      ipRestriction: { ipPolicyIds: ["@pol1"] },
      mutualTls: { certificateAuthorityIds: ["@ca1"] },
      tlsTermination: { terminateAt: "edge", minVersion: "1.2" },
      ...texts(c),
    }),
    outOfBand: {
      description: DESCRIPTION,
      metadata: METADATA,
      hostports: { value: (c: string) => [`${c}-moved.example.com:443`] },
      backend: { value: { backendId: "@b2" } },
      ipRestriction: { value: { ipPolicyIds: ["@pol2"] } },
      mutualTls: { value: { certificateAuthorityIds: ["@ca2"] } },
      tlsTermination: { value: { terminateAt: "edge", minVersion: "1.3" } },
    },
  },
  HttpsEdge: {
    args: (c) => ({
      hostports: [`${c}.example.com:443`],
      mutualTls: { certificateAuthorityIds: ["@ca1"] },
      tlsTermination: { minVersion: "1.2" },
      routes: [{ matchType: "path_prefix", match: "/", description: "public", compression: {} }],
      ...texts(c),
    }),
    outOfBand: {
      description: DESCRIPTION,
      metadata: METADATA,
      hostports: { value: (c: string) => [`${c}-moved.example.com:443`] },
      mutualTls: { value: { certificateAuthorityIds: ["@ca2"] } },
      tlsTermination: { value: { minVersion: "1.3" } },
      // An owned input drifts by a route made by hand: a debugging path opened.
      routes: {
        value: { matchType: "path_prefix", match: "/debug", description: "by hand" },
        alsoChanges: ["routeIds", "routeSecretModules"],
      },
    },
  },
  HttpsEdgeRoute: {
    args: (c) => ({
      edgeId: "@web",
      matchType: "path_prefix",
      match: `/${c}`,
      ...texts(c),
      backend: { backendId: "@b1" },
      ipRestriction: { ipPolicyIds: ["@pol1"] },
      circuitBreaker: { numBuckets: 64 },
      compression: {},
      requestHeaders: { add: { "X-Team": "edge" } },
      responseHeaders: { remove: ["Server"] },
      webhookVerification: { provider: "CODEHOST", secret: "secret:hook" },
      oauth: oauth(["acme"]),
      saml: { idpMetadata: IDP("idp"), authorizedGroups: ["ops"] },
      oidc: {},
      websocketTcpConverter: {},
      userAgentFilter: {},
      jwtValidation: {},
    }),
    outOfBand: {
      matchType: { value: "exact_path" },
      match: { value: (c: string) => `/${c}/moved` },
      description: DESCRIPTION,
      metadata: METADATA,
      backend: { value: { backendId: "@b2" } },
      ipRestriction: { value: { ipPolicyIds: ["@pol2"] } },
      circuitBreaker: { value: { numBuckets: 32 } },
      compression: { value: { enabled: false } },
      requestHeaders: { value: { add: { "X-Team": "intruder" } } },
      responseHeaders: { value: { remove: ["Server", "Via"] } },
      webhookVerification: { value: { provider: "CHAT", secret: "secret:hook" } },
      oauth: { value: oauth(["intruders"]) },
      saml: { value: { idpMetadata: IDP("idp"), authorizedGroups: ["ops", "intruders"] } },
      oidc: { value: { enabled: false } },
      websocketTcpConverter: { value: { enabled: false } },
      userAgentFilter: { value: { enabled: false } },
      jwtValidation: { value: { enabled: false } },
    },
    removedAlsoChanges: { saml: ["samlServiceProvider"] },
  },

  ReservedDomain: {
    args: (c) => ({ domain: `${c}.example.com`, certificateId: "@cert1", ...texts(c) }),
    outOfBand: {
      description: DESCRIPTION,
      metadata: METADATA,
      certificateId: { value: "@cert2" },
      certificateManagementPolicy: {
        declared: { certificateId: undefined, certificateManagementPolicy: { authority: "letsencrypt" } },
        value: { authority: "letsencrypt", privateKeyType: "ecdsa" },
        alsoChanges: ["issuedCertificateId", "certificateManagementStatus"],
      },
    },
  },
  CertificateAuthority: { args: (c) => ({ caPem: caPem(c), ...texts(c) }), outOfBand: { description: DESCRIPTION, metadata: METADATA } },
  TlsCertificate: {
    args: (c) => ({ certificatePem: leaf.pem, privateKeyPem: "secret:key", ...texts(c) }),
    outOfBand: { description: DESCRIPTION, metadata: METADATA },
  },
  SshCredential: {
    args: (c) => ({ publicKey: sshPublicKey("ed25519", `${c}@ci`), acl: [`bind:${c}.example.com`], ...texts(c) }),
    outOfBand: { description: DESCRIPTION, metadata: METADATA, acl: { value: ["bind:elsewhere.example.com"] } },
  },
  SshCertificateAuthority: {
    args: (c) => ({ privateKeyType: "ed25519", ...texts(c) }),
    outOfBand: { description: DESCRIPTION, metadata: METADATA },
  },
  TunnelCredential: {
    args: (c) => ({ acl: [`bind:${c}.example.com`, "bind:team=edge"], ...texts(c) }),
    outOfBand: { description: DESCRIPTION, metadata: METADATA, acl: { value: ["bind:elsewhere.example.com"] } },
  },
  SshUserCertificate: {
    args: (c) => ({
      sshCertificateAuthorityId: "@sshca",
      publicKey: sshPublicKey("ecdsa", `${c}@laptop`),
      principals: ["alice"],
      ...texts(c),
    }),
    outOfBand: { description: DESCRIPTION, metadata: METADATA },
  },
  SshHostCertificate: {
    args: (c) => ({
      sshCertificateAuthorityId: "@sshca",
      publicKey: sshPublicKey("ed25519", `root@${c}`),
      principals: [`${c}.example.com`],
      ...texts(c),
    }),
    outOfBand: { description: DESCRIPTION, metadata: METADATA },
  },
};

/**
 * The kinds in the order their cases are declared, and the resources cases refer to ("@name"), declared
 * first. One stack holds them all: each command of the suite then serves every kind at once.
 */
export const DRIFT_KINDS: readonly string[] = [
  "ApiKey",
  "IpPolicy",
  "IpRestriction",
  "IpPolicyRule",
  "EventDestination",
  "EventSubscription",
  "EventSource",
  "TunnelCredential",
  "TunnelGroupBackend",
  "WeightedBackend",
  "FailoverBackend",
  "TcpEdge",
  "TlsEdge",
  "HttpsEdge",
  "HttpsEdgeRoute",
  "ReservedDomain",
  "CertificateAuthority",
  "TlsCertificate",
  "SshCredential",
  "SshCertificateAuthority",
  "SshUserCertificate",
  "SshHostCertificate",
];

export const SUPPORT: readonly Res[] = [
  { kind: "IpPolicy", name: "pol1", args: {} },
  { kind: "IpPolicy", name: "pol2", args: {} },
  {
    kind: "EventDestination",
    name: "d1",
    args: { target: { logs: { logGroupResourceName: "lg-1", auth: { role: { roleResourceName: "r" } } } } },
  },
  {
    kind: "EventDestination",
    name: "d2",
    args: { target: { logs: { logGroupResourceName: "lg-2", auth: { role: { roleResourceName: "r" } } } } },
  },
  { kind: "EventSubscription", name: "sub", args: { destinationIds: ["@d1"] } },
  { kind: "TunnelGroupBackend", name: "b1", args: { labels: { pool: "one" } } },
  { kind: "TunnelGroupBackend", name: "b2", args: { labels: { pool: "two" } } },
  { kind: "CertificateAuthority", name: "ca1", args: { caPem: caPem("Clients CA 1") } },
  { kind: "CertificateAuthority", name: "ca2", args: { caPem: caPem("Clients CA 2") } },
  { kind: "HttpsEdge", name: "web", args: { hostports: ["routes.example.com:443"] } },
  { kind: "TlsCertificate", name: "cert1", args: { certificatePem: leaf.pem, privateKeyPem: "secret:key" } },
  { kind: "TlsCertificate", name: "cert2", args: { certificatePem: otherLeaf.pem, privateKeyPem: "secret:otherKey" } },
  { kind: "SshCertificateAuthority", name: "sshca", args: { privateKeyType: "ed25519" } },
];

/** `Kind.field` for every drift field without an out-of-band entry, and every entry that is no such field. */
export function coverageProblems(kindNames: readonly string[], matrix: Record<string, KindMatrix> = MATRIX): string[] {
  const problems: string[] = [];
  for (const name of kindNames) {
    const decl = kinds[name];
    const table = matrix[name];
    if (!decl || !table) {
      problems.push(`${name}: ${decl ? "no entry in MATRIX" : "not a kind"}`);
      continue;
    }
    const fields = driftFields(decl);
    for (const f of fields) if (!(f in table.outOfBand)) problems.push(`${name}.${f}: no out-of-band value`);
    for (const f of Object.keys(table.outOfBand)) if (!fields.includes(f)) problems.push(`${name}.${f}: not a field that can drift`);
  }
  return problems;
}

export const kebab = (s: string) => s.replace(/[A-Z]/g, (m, i) => (i ? "-" : "") + m.toLowerCase());

interface Case {
  res: Res;
  decl: KindDeclaration;
  /** Absent: the resource is only deleted out of band. */
  field?: string;
  /** For a module: removed out of band, or added out of band to a resource that declares none. */
  module?: "removed" | "added";
  value?: unknown;
  /** Outputs derived from the field, which may change with it. */
  derived: string[];
}

function casesOf(kindNames: readonly string[]): Case[] {
  const cases: Case[] = [];
  for (const kind of kindNames) {
    const decl = kinds[kind];
    const table = MATRIX[kind];
    const add = (name: string, extra: Omit<Case, "res" | "decl">, declared: Args = {}) => {
      const args: Args = { ...table.args(name), ...declared };
      for (const k of Object.keys(declared)) if (declared[k] === undefined) delete args[k];
      cases.push({ res: { kind, name, args }, decl, ...extra });
    };
    const fields = driftFields(decl).filter((f) => !("none" in table.outOfBand[f]));
    if (!fields.length) add(kebab(kind), { derived: [] });
    for (const field of fields) {
      const entry = table.outOfBand[field] as Exclude<OutOfBand, { none: string }>;
      const name = `${kebab(kind)}--${kebab(field)}`;
      const value = typeof entry.value === "function" ? (entry.value as (c: string) => unknown)(name) : entry.value;
      add(name, { field, value, derived: entry.alsoChanges ?? [] }, entry.declared);
      if (decl.modules?.[field]) {
        const derived = table.removedAlsoChanges?.[field] ?? [];
        add(`${name}--removed`, { field, module: "removed", derived }, entry.declared);
        add(`${name}--added`, { field, module: "added", value, derived }, { ...entry.declared, [field]: undefined });
      }
    }
  }
  return cases;
}

/** "@name" → that resource's id (map keys too), "secret:<key>" → one of SECRETS. */
export const resolve = (v: unknown, ids: Record<string, string>): unknown => resolveRefs(v, ids, SECRETS);

async function applyOutOfBand(client: EdgeIngress, c: Case, id: string, ids: Record<string, string>): Promise<void> {
  const api = c.decl.api(client);
  const field = c.field!;
  // An owned set of children (an IP policy's rules) drifts by a child made by hand in the parent.
  const owned = c.decl.owns?.[field];
  if (owned)
    return void (await owned.decl.api(client).create({ ...childObject(owned, resolve(c.value, ids)), [owned.decl.parent!.key]: id }));
  if (!c.decl.modules?.[field]) return void (await api.update(id, { [field]: resolve(c.value, ids) }));
  if (c.module === "removed") return api.deleteModule!(id, field);
  await api.replaceModule!(id, field, resolve(c.value, ids));
}

/** The resource as the service has it, with the children of every set it owns. */
const serviceOutputs = async (client: EdgeIngress, c: Case, id: string) => {
  const outs = toOutputs(c.decl, await c.decl.api(client).get(id));
  if (!c.decl.owns) return outs;
  const claimed = await readClaimed(c.decl, CHILD_RULES, client, id, Object.fromEntries(Object.keys(c.decl.owns).map((k) => [k, []])));
  // As state holds them: secret child fields (a route's oauth) apart.
  return splitSecrets(c.decl, { ...outs, ...claimed });
};

/** A secret as `stack export` (an envelope with ciphertext) or `preview --json` ("[secret]") shows it. */
const isSecret = (v: unknown) => v === "[secret]" || isMarkedSecret(v);
/** The keys whose values differ; secrets are opaque, all alike. */
const opaque = (v: unknown) => (isSecret(v) ? "[secret]" : v);
function changedKeys(a: Record<string, unknown> = {}, b: Record<string, unknown> = {}): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .filter((k) => !isDeepStrictEqual(opaque(a[k] ?? null), opaque(b[k] ?? null)))
    .sort();
}

const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
/** JSON text the CLI decodes and shows as a structure (`(json) {`). */
const jsonIn = (v: unknown): unknown => {
  if (typeof v !== "string" || !/^\s*[{[]/.test(v)) return undefined;
  try {
    return JSON.parse(v);
  } catch {
    return undefined;
  }
};
/** The key holds a value (null is none: the CLI shows a null becoming a value as `+`). */
const present = (o: unknown, k: string | number): boolean => o !== null && typeof o === "object" && (o as any)[k] != null;

/**
 * What `preview --diff` renders for input `field` drifted to `service` (null: removed) from `declared`
 * (undefined: not declared), as facts about the inputs it renders from: the update's old inputs (what the
 * refresh read) and new ones (the program's). At each depth where the two values differ, the old input
 * holds the service's value and the new one the declared (`~ leaf: <service> => <declared>`), what the
 * service has beyond the declaration is only in the old (`- leaf`) and what it lacks only in the new
 * (`+ leaf`); JSON text compares as the structure the CLI decodes it to (`(json) {`). A secret input is
 * opaque: a drifted or undeclared one is left out of the old inputs, so it shows only as missing
 * (`+ field: [secret]`) where declared, and not at all where not. Returns what does not hold, by path.
 */
export function driftProblems(
  decl: KindDeclaration,
  field: string,
  service: unknown,
  declared: unknown,
  old: Record<string, unknown>,
  now: Record<string, unknown>,
): string[] {
  const problems: string[] = [];
  // `+ key` (only in the new inputs) or `- key` (only in the old).
  const side = (path: string, o: unknown, n: unknown, k: string | number, mark: "+" | "-") => {
    if (present(o, k) !== (mark === "-") || present(n, k) !== (mark === "+"))
      problems.push(`${mark} ${path}: old ${JSON.stringify(o?.[k as never])}, new ${JSON.stringify(n?.[k as never])}`);
  };
  if (decl.secretInputs?.includes(field)) {
    // Undeclared, it has no secret stored input to be marked by: it is not shown at all (docs/provider.md, "Drift").
    if (declared === undefined) return present(old, field) || present(now, field) ? [`${field}: an undeclared secret input is shown`] : [];
    if (now[field] !== "[secret]") problems.push(`${field}: the new input is not a secret`);
    side(field, old, now, field, "+");
    return problems;
  }
  if (service == null) return (side(field, old, now, field, "+"), problems);
  if (declared === undefined) return (side(field, old, now, field, "-"), problems);
  const walk = (path: string, s: unknown, d: unknown, o: unknown, n: unknown): void => {
    const [js, jd] = [jsonIn(s), jsonIn(d)];
    if (js !== undefined && jd !== undefined) return walkInside(path, js, jd, jsonIn(o), jsonIn(n));
    if ((isObj(s) && isObj(d)) || (Array.isArray(s) && Array.isArray(d))) return walkInside(path, s, d, o, n);
    if (!isDeepStrictEqual(s, d) && (!isDeepStrictEqual(o, s) || !isDeepStrictEqual(n, d)))
      problems.push(`~ ${path}: ${JSON.stringify(o)} => ${JSON.stringify(n)}, not ${JSON.stringify(s)} => ${JSON.stringify(d)}`);
  };
  const walkInside = (path: string, s: any, d: any, o: unknown, n: unknown): void => {
    const list = Array.isArray(s);
    const container = (v: unknown) => v !== null && typeof v === "object" && Array.isArray(v) === list;
    if (!container(o) || !container(n))
      return void problems.push(`~ ${path}: ${JSON.stringify(o)} => ${JSON.stringify(n)}, not both ${list ? "lists" : "objects"}`);
    const keys = list ? [...Array(Math.max(s.length, d.length)).keys()] : [...new Set([...Object.keys(s), ...Object.keys(d)])];
    for (const k of keys) {
      const at = typeof k === "number" ? `${path}[${k}]` : `${path}.${k}`;
      if (d[k] === undefined) side(at, o, n, k, "-");
      else if (s[k] === undefined) side(at, o, n, k, "+");
      else walk(at, s[k], d[k], (o as any)[k], (n as any)[k]);
    }
  };
  walk(field, service, declared, old[field], now[field]);
  return problems;
}

/**
 * Each round runs several commands over every resource of the matrix (the refresh ones twice): a limit
 * that only stops a run that hangs, on a machine shared with other work. Speed is the benchmark's.
 */
const ROUND_LIMIT_MS = 600_000;

/**
 * The suite: one emulator and one stack, every kind in it, on either path through the provider protocol
 * (test/protocol/drift-dynamic.test.ts, drift-native.test.ts).
 */
export function driftSuite(fx: EngineFixture<{ resources: Res[] }>): void {
  const cases = casesOf(DRIFT_KINDS);
  const resources = [...SUPPORT, ...cases.map((c) => c.res)];
  const urnOf = (r: Res) => fx.urn(r.kind, r.name);
  const ids = async () => (await fx.outputs()).ids as Record<string, string>;
  const idOf = (all: Record<string, string>, c: Case) => all[c.res.name];
  const drifted = cases.filter((c) => c.field);

  describe("drift of every kind", () => {
    test("the out-of-band table covers every field the kind declarations let change", () => {
      expect(coverageProblems(DRIFT_KINDS)).toEqual([]);
      for (const kind of DRIFT_KINDS) expect(cases.some((c) => c.res.kind === kind)).toBe(true);
    });

    test(
      "up creates one resource per field and three per module; no changes after",
      async () => {
        await fx.setSecrets(SECRETS);
        await fx.setProgram({ resources });
        // up() itself fails when a plain `preview --expect-no-changes` afterwards finds a change; the
        // refreshed preview of the next test must find none but the out-of-band ones.
        expectSuccess(await fx.stack.up());
        // Write-only inputs are left out of the matrix because the service indeed never returns them
        // (read on the wire: the sdk's models would drop an unknown key).
        const all = await ids();
        for (const c of cases.filter((x) => writeOnlyInputs(x.decl).length)) {
          const { uri } = await c.decl.api(fx.client).get(all[c.res.name]);
          const wire = (await (await fetch(uri, { headers: { authorization: `Bearer ${fx.emulator.rootToken}` } })).json()) as Record<
            string,
            unknown
          >;
          expect(wire.id).toBe(all[c.res.name]);
          for (const k of writeOnlyInputs(c.decl))
            expect({ [`${c.res.kind}.${k}`]: k in wire || camelToSnake(k) in wire }).toEqual({ [`${c.res.kind}.${k}`]: false });
        }
      },
      ROUND_LIMIT_MS,
    );

    test(
      "each field changed out of band (each module also removed and added) is reported by preview --refresh exactly, named by the update's diff with the service's and the declared value, kept encrypted by refresh where secret, and restored by up --refresh",
      async () => {
        const all = await ids();
        const before = await fx.stack.exportState();
        const stored = new Map(before.resources.map((r: StateResource) => [r.urn, r.outputs]));
        const declared = new Map<string, Record<string, unknown>>();
        for (const c of drifted) {
          const id = idOf(all, c);
          const was = await serviceOutputs(fx.client, c, id);
          declared.set(c.res.name, was);
          await applyOutOfBand(fx.client, c, id, all);
          // The table's change reaches the service, and only in this field.
          expect({
            case: c.res.name,
            changed: changedKeys(was, await serviceOutputs(fx.client, c, id)).filter((k) => !c.derived.includes(k)),
          }).toEqual({ case: c.res.name, changed: [c.field] });
        }

        const preview = await fx.stack.preview({ refresh: true });
        expectSuccess(preview);
        const expected = Object.fromEntries(
          resources.map((r) => [urnOf(r), drifted.some((c) => c.res === r) ? ["refresh", "update"] : ["refresh"]]),
        );
        const actual = Object.fromEntries(resources.map((r) => [urnOf(r), preview.ops[urnOf(r)]]));
        expect(actual).toEqual(expected);
        // What the refresh read (the update's old state) differs from the state in exactly the changed
        // field; a secret one is opaque, so it shows only when it is set or unset.
        for (const c of drifted) {
          const step = preview.steps.find((s) => s.urn === urnOf(c.res) && s.op === "update") as {
            oldState?: { outputs?: Record<string, unknown> };
          };
          const was = stored.get(urnOf(c.res)) ?? {};
          const refreshed = step.oldState?.outputs ?? {};
          const hidden = isSecret(was[c.field!]) && isSecret(refreshed[c.field!]);
          expect({ case: c.res.name, changed: changedKeys(was, refreshed).filter((k) => !c.derived.includes(k)) }).toEqual({
            case: c.res.name,
            changed: hidden ? [] : [c.field],
          });
        }

        // What the update's `--diff` shows, as the facts the engine renders it from (the engine's own rendering
        // of a drift: test/e2e/contract*.test.ts): the diff names only the drifted field (native: the
        // detailed diff; dynamic: Pulumi's dynamic-provider host sends none, so the CLI marks the inputs that
        // differ, secrets opaque), and the old inputs hold the service's value where the new hold the declared one.
        for (const c of drifted) {
          const step = preview.steps.find((s) => s.urn === urnOf(c.res) && s.op === "update") as {
            oldState?: { inputs?: Record<string, unknown> };
            newState?: { inputs?: Record<string, unknown> };
            detailedDiff?: Record<string, string>;
          };
          const [old, now] = [step.oldState?.inputs ?? {}, step.newState?.inputs ?? {}];
          // In the form the path's program declares it (native: a weighted backend's map as its list).
          const declaredForm = (v: unknown) => (fx.path === "native" ? nativeArgs(c.res.kind, { [c.field!]: v })[c.field!] : v);
          const declaredValue = resolve(declaredForm(c.res.args[c.field!]), all);
          // An owned set drifts by a child made by hand: the service's list is the declared one and that child.
          const serviceValue =
            c.module === "removed"
              ? null
              : c.decl.owns?.[c.field!]
                ? [...(declaredValue as unknown[]), resolve(c.value, all)]
                : resolve(declaredForm(c.value), all);
          // A secret added by hand to a resource that does not declare it is in neither: no input differs.
          // (The native plugin's detailed diff names it, its value masked: the audit holds that nothing leaks.)
          const hidden = declaredValue === undefined && c.decl.secretInputs?.includes(c.field!);
          expect({
            case: c.res.name,
            marked: Object.keys(step.detailedDiff ?? {}),
            differ: changedKeys(old, now),
            problems: driftProblems(c.decl, c.field!, serviceValue, declaredValue, old, now),
          }).toEqual({
            case: c.res.name,
            marked: fx.path === "native" ? [c.field] : [],
            differ: hidden ? [] : [c.field],
            problems: [],
          });
        }
        // Resources that did not drift have no update (nor any other step but the refresh).
        const driftedUrns = new Set(drifted.map((c) => urnOf(c.res)));
        expect(preview.steps.filter((s) => s.op !== "refresh" && !driftedUrns.has(s.urn)).map((s) => s.urn)).toEqual([]);

        // `refresh` stores the inputs it read: the secret ones (given back only as declared) stay encrypted,
        // a drifted one is left out, and no secret is in the checkpoint in plaintext.
        expectSuccess(await fx.stack.refresh());
        const checkpoint = fx.stack.storedState();
        for (const secret of Object.values(SECRETS)) expect(checkpoint.includes(JSON.stringify(secret).slice(1, -1))).toBe(false);
        const refreshed = new Map((await fx.stack.exportState()).resources.map((r: StateResource) => [r.urn, r]));
        for (const c of cases) {
          const state = refreshed.get(urnOf(c.res))!;
          expect({ case: c.res.name, spelled: isSecret(state.outputs?.__spelled ?? "[secret]") }).toEqual({
            case: c.res.name,
            spelled: true,
          });
          for (const key of c.decl.secretInputs ?? []) {
            const drift = c.field === key;
            const expected = c.res.args[key] === undefined || drift ? "absent" : "encrypted";
            const stored = state.inputs?.[key];
            const actual = stored === undefined ? "absent" : isSecret(stored) ? "encrypted" : "plaintext";
            expect({ case: c.res.name, key, stored: actual }).toEqual({ case: c.res.name, key, stored: expected });
          }
        }

        expectSuccess(await fx.stack.up(["--refresh"]));
        expect(await ids()).toEqual(all);
        for (const c of drifted) {
          const now = await serviceOutputs(fx.client, c, idOf(all, c));
          const keys = inputKeys(c.decl);
          const pick = (o: Record<string, unknown>) => Object.fromEntries(keys.map((k) => [k, o[k]]));
          expect({ case: c.res.name, ...pick(now) }).toEqual({ case: c.res.name, ...pick(declared.get(c.res.name)!) });
        }
        expectSuccess(await fx.stack.preview({ refresh: true, expectNoChanges: true }));
      },
      ROUND_LIMIT_MS,
    );

    test(
      "every resource deleted out of band (children first) is reported as a create and recreated by up --refresh",
      async () => {
        const all = await ids();
        const byName = new Map(resources.map((r) => [r.name, r]));
        for (const r of [...resources].reverse()) await kinds[r.kind].api(fx.client).delete(all[r.name]);
        const preview = await fx.stack.preview({ refresh: true });
        expectSuccess(preview);
        const actual = Object.fromEntries(resources.map((r) => [urnOf(r), preview.ops[urnOf(r)]]));
        expect(actual).toEqual(Object.fromEntries(resources.map((r) => [urnOf(r), ["refresh", "create"]])));

        expectSuccess(await fx.stack.up(["--refresh"]));
        const now = await ids();
        for (const [name, id] of Object.entries(now)) {
          expect({ name, recreated: id !== all[name] }).toEqual({ name, recreated: true });
          await kinds[byName.get(name)!.kind].api(fx.client).get(id);
        }
        expectSuccess(await fx.stack.preview({ refresh: true, expectNoChanges: true }));
      },
      ROUND_LIMIT_MS,
    );
  });
}
