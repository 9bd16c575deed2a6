/**
 * Reserved domains (§2.12, §4.8): a hostname, its DNS targets and its certificate — uploaded, or managed:
 * the emulator then simulates ACME provisioning (a job, then a certificate it issues with its own CA).
 * Managed certificates belong to their domain and go with it.
 */
import { createHash, generateKeyPairSync, randomBytes } from "node:crypto";
import { z } from "zod";
import { ApiError, fieldError, preview } from "../errors";
import { logError, stderrSink, type LogSink } from "../log";
import { buildCertificatePem } from "../x509";
import { DNS_NAME } from "./endpoint";
import type { Store } from "./store";
import type { DomainService, KindRules, OperationCall } from "./rules";
import { rfc3339, rfc3339Now } from "./ids";
import { insertTlsCertificate, tlsCertificates } from "./tls-certificate";
import { addRule, baseRecordFields, commonFields, newBase, parseBody } from "./validation";
import { ref, resourceUri } from "./wire";

export const REGIONS = ["au", "eu", "ap", "us", "jp", "in", "sa"] as const;
/** The one public ACME authority (§2.12), by the identifier the vendor's docs give it. */
export const AUTHORITIES = ["letsencrypt"] as const;
export const MANAGED_KEY_TYPES = ["rsa", "ecdsa"] as const;
export const DEFAULT_BASE_DOMAIN = "edge-ingress.app";
export const DEFAULT_PROVISIONING_DELAY_MS = 1000;
/** First labels that make provisioning fail: permanently, or once and then succeed. */
export const DNS_ERROR_LABEL = "dns-error";
export const FLAKY_LABEL = "flaky";
const DAY_MS = 86_400_000;
export const MANAGED_VALIDITY_DAYS = 90;
export const RENEW_BEFORE_DAYS = 30;

/** Data files written before the emulator took the service's identifier hold its old placeholder: the same authority. */
const OLD_AUTHORITY = "public-acme";
const policy = z.strictObject({
  authority: z.preprocess((a) => (a === OLD_AUTHORITY ? AUTHORITIES[0] : a), z.enum(AUTHORITIES)),
  private_key_type: z.enum(MANAGED_KEY_TYPES),
});
const job = z.strictObject({
  error_code: z.enum(["INTERNAL_ERROR", "DNS_ERROR"]).nullable(),
  msg: z.string(),
  started_at: z.string(),
  retries_at: z.string().nullable(),
});
type Job = z.infer<typeof job>;

const record = z.strictObject({
  ...baseRecordFields,
  domain: z.string(),
  region: z.string(),
  cname_target: z.string().nullable(),
  acme_challenge_cname_target: z.string().nullable(),
  /** An uploaded certificate. */
  certificate_id: z.string().nullable(),
  /** The latest certificate the emulator issued under the policy. */
  managed_certificate_id: z.string().nullable(),
  certificate_management_policy: policy.nullable(),
  certificate_management_status: z.strictObject({ renews_at: z.string().nullable(), provisioning_job: job.nullable() }).nullable(),
});
export type ReservedDomainRecord = z.infer<typeof record>;

const certificateIds = (r: ReservedDomainRecord) => [r.certificate_id, r.managed_certificate_id].filter((id): id is string => id !== null);

// The server's calls carry its ReservedDomainService: rules.ts, below this module, names only the interface.
const service = (call: OperationCall) => call.domains as ReservedDomainService;

export const reservedDomains: KindRules<ReservedDomainRecord> = {
  collectionKey: "reserved_domains",
  prefix: "rd",
  label: "reserved domain",
  path: "/reserved_domains",
  record,
  uses: certificateIds,
  listKey: "reserved_domains",
  render,
  create: (call) => render(service(call).create(call.body), call.baseUrl),
  update: (call, id) => service(call).update(id, call.body),
  reference: {
    title: "Reserved domains",
    create: (ex) => ({ ...ex.common, domain: "app.example.com", region: "eu" }),
    update: (ex) => ({ certificate_id: ex.id("/tls_certificates") }),
  },
};

const DOMAIN_RE = new RegExp(`^${DNS_NAME}$`);
const domain = z.string().superRefine((value, ctx) => {
  if (!DOMAIN_RE.test(value) || value.length > 253)
    addRule(ctx, [], "must be a lowercase hostname, optionally *. in front", preview(value));
});
const authority = z.string().superRefine((value, ctx) => {
  if (!(AUTHORITIES as readonly string[]).includes(value))
    addRule(ctx, [], `must be ${AUTHORITIES.join(", ")}, the one ACME authority the service supports`, preview(value));
});
// Absent or null fields mean "unset"; the authority defaults to the only one, the key type to rsa.
const policyInput = z
  .strictObject({ authority: authority.optional(), private_key_type: z.enum(MANAGED_KEY_TYPES).optional() })
  .transform((p) => ({
    authority: (p.authority ?? AUTHORITIES[0]) as (typeof AUTHORITIES)[number],
    private_key_type: p.private_key_type ?? "rsa",
  }));

const createSchema = z.strictObject({
  ...commonFields,
  domain,
  region: z.enum(REGIONS).nullish(),
  certificate_id: z.string().nullish(),
  certificate_management_policy: policyInput.nullish(),
});
// PATCH is an extension (§4.14); null clears certificate_id or the policy.
const updateSchema = z.strictObject({
  ...commonFields,
  certificate_id: z.string().nullish(),
  certificate_management_policy: policyInput.nullish(),
});

const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";
/** 16 lowercase base32 characters from the first 80 bits. */
function base32(bytes: Buffer): string {
  let value = BigInt(`0x${bytes.subarray(0, 10).toString("hex")}`);
  let out = "";
  for (let i = 0; i < 16; i++, value >>= 5n) out = BASE32[Number(value & 31n)] + out;
  return out;
}

/** A name the emulator can serve as its own base domain: a DNS name without a wildcard. */
export function isBaseDomain(name: string): boolean {
  return DOMAIN_RE.test(name) && !name.startsWith("*.") && name.length <= 253;
}

export interface DomainSettings {
  /** The service's own domain; its subdomains need no CNAME. */
  baseDomain?: string;
  /** How long each provisioning attempt takes. */
  provisioningDelayMs?: number;
}

/** The emulator's ACME issuing CA: made once per process, as only its certificates are kept. */
let acmeCa: { pem: string; key: import("node:crypto").KeyObject } | undefined;
function acmeIssuer() {
  if (!acmeCa) {
    const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const now = Date.now();
    const pem = buildCertificatePem({
      subject: { common_name: "Edge Ingress Emulator ACME CA", organization: "Edge Ingress Emulator" },
      publicKey,
      signingKey: privateKey,
      notBefore: new Date(now - DAY_MS),
      notAfter: new Date(now + 3650 * DAY_MS),
      ca: true,
      keyUsages: ["digital_signature", "cert_sign", "crl_sign"],
    });
    acmeCa = { pem, key: privateKey };
  }
  return acmeCa;
}

const pendingJob = (): Job => ({ error_code: null, msg: "provisioning", started_at: rfc3339Now(), retries_at: null });
const samePolicy = (a: ReservedDomainRecord["certificate_management_policy"], b: ReservedDomainRecord["certificate_management_policy"]) =>
  JSON.stringify(a) === JSON.stringify(b);

/** Reserved-domain rules that depend on the emulator's settings, and the provisioning timers. */
export class ReservedDomainService implements DomainService {
  readonly baseDomain: string;
  readonly delayMs: number;
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;

  constructor(
    private readonly store: Store,
    settings: DomainSettings = {},
    private readonly log: LogSink = stderrSink,
  ) {
    this.baseDomain = settings.baseDomain ?? DEFAULT_BASE_DOMAIN;
    this.delayMs = settings.provisioningDelayMs ?? DEFAULT_PROVISIONING_DELAY_MS;
  }

  private serviceOwned(name: string): boolean {
    const host = name.replace(/^\*\./, "");
    return host === this.baseDomain || host.endsWith(`.${this.baseDomain}`);
  }

  /** 400 unless the id names an uploaded TLS certificate. */
  private checkCertificate(id: string): void {
    const cert = this.store.collection(tlsCertificates).get(id);
    if (!cert || cert.reserved_domain_id !== null)
      throw fieldError("INVALID_FIELD", "certificate_id", "must be the id of an uploaded TLS certificate", preview(id));
  }

  create(body: Record<string, unknown>): ReservedDomainRecord {
    const input = parseBody(createSchema, body);
    const certificateId = input.certificate_id ?? null;
    const managed = input.certificate_management_policy ?? null;
    if (certificateId !== null && managed !== null)
      throw fieldError("INVALID_FIELD", "certificate_management_policy", "must not be set together with certificate_id");
    if (certificateId !== null) this.checkCertificate(certificateId);
    const holder = this.store
      .collection(reservedDomains)
      .all()
      .find((r) => r.domain === input.domain);
    if (holder) {
      throw new ApiError("CONFLICT", `domain: ${input.domain} is already reserved by ${holder.id}`, {
        field: "domain",
        rule: "must not be reserved already",
        in_use_by: holder.id,
      });
    }
    const owned = this.serviceOwned(input.domain);
    const created = this.store.collection(reservedDomains).insert({
      ...newBase(this.store, reservedDomains, input),
      domain: input.domain,
      region: input.region ?? "",
      cname_target: owned ? null : `${base32(createHash("sha256").update(input.domain).digest())}.cname.${this.baseDomain}`,
      acme_challenge_cname_target: !owned && input.domain.startsWith("*.") ? `${base32(randomBytes(10))}.acme.${this.baseDomain}` : null,
      certificate_id: certificateId,
      managed_certificate_id: null,
      certificate_management_policy: managed,
      certificate_management_status: managed ? { renews_at: null, provisioning_job: pendingJob() } : null,
    });
    if (managed) this.schedule(created.id);
    return created;
  }

  update(id: string, body: Record<string, unknown>): ReservedDomainRecord {
    const collection = this.store.collection(reservedDomains);
    const current = collection.require(id);
    const input = parseBody(updateSchema, body, ["domain", "region"]);
    const certificateId = input.certificate_id === undefined ? current.certificate_id : input.certificate_id;
    const managed =
      input.certificate_management_policy === undefined ? current.certificate_management_policy : input.certificate_management_policy;
    if (certificateId !== null && managed !== null) {
      const field = input.certificate_management_policy ? "certificate_management_policy" : "certificate_id";
      const other = field === "certificate_id" ? "certificate_management_policy" : "certificate_id";
      throw fieldError("INVALID_FIELD", field, `must not be set together with ${other} (send ${other}: null to switch)`);
    }
    // Every value sent but null is checked, "" too, as on create.
    if (input.certificate_id !== undefined && input.certificate_id !== null) this.checkCertificate(input.certificate_id);
    const restart = managed !== null && !samePolicy(managed, current.certificate_management_policy);
    const status =
      managed === null
        ? null
        : restart
          ? { renews_at: current.certificate_management_status?.renews_at ?? null, provisioning_job: pendingJob() }
          : current.certificate_management_status;
    const updated = this.store.transaction(() => {
      const next = collection.replace({
        ...current,
        description: input.description ?? current.description,
        metadata: input.metadata ?? current.metadata,
        certificate_id: certificateId,
        // Without a policy the issued certificate is dropped; a new policy keeps it until the next one is issued.
        managed_certificate_id: managed === null ? null : current.managed_certificate_id,
        certificate_management_policy: managed,
        certificate_management_status: status,
      });
      if (managed === null && current.managed_certificate_id) this.store.collection(tlsCertificates).remove(current.managed_certificate_id);
      return next;
    });
    if (restart) this.schedule(id);
    return updated;
  }

  /** Pick up jobs that were under way when the data file was written. */
  resume(): void {
    for (const r of this.store.collection(reservedDomains).all()) {
      const pending = r.certificate_management_status?.provisioning_job;
      if (pending && pending.error_code !== "DNS_ERROR") this.schedule(r.id);
    }
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private schedule(id: string): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      try {
        this.attempt(id);
      } catch (err) {
        logError(this.log, `edge-ingress-emulator: provisioning a certificate for ${id} failed:`, err);
      }
    }, this.delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  /** One provisioning attempt; a no-op if the domain or its job is gone (deleted, or the policy cleared). */
  private attempt(id: string): void {
    const collection = this.store.collection(reservedDomains);
    const rd = collection.get(id);
    const status = rd?.certificate_management_status;
    const current = status?.provisioning_job;
    if (!rd || !rd.certificate_management_policy || !status || !current || current.error_code === "DNS_ERROR") return;
    const label = rd.domain.replace(/^\*\./, "").split(".")[0];
    const setJob = (provisioning_job: Job | null, renews_at = status.renews_at) =>
      collection.replace({ ...rd, certificate_management_status: { renews_at, provisioning_job } });
    if (label === DNS_ERROR_LABEL) {
      setJob({ ...current, error_code: "DNS_ERROR", msg: `no DNS record points ${rd.domain} at this service`, retries_at: null });
      return;
    }
    if (label === FLAKY_LABEL && current.error_code === null) {
      setJob({
        ...current,
        error_code: "INTERNAL_ERROR",
        msg: "temporary failure talking to the certificate authority",
        retries_at: rfc3339(new Date(Date.now() + this.delayMs)),
      });
      this.schedule(id);
      return;
    }
    this.store.transaction(() => {
      const cert = this.issue(rd.id, rd.domain, rd.certificate_management_policy!.private_key_type);
      const renewsAt = rfc3339(new Date(Date.parse(cert.not_after) - RENEW_BEFORE_DAYS * DAY_MS));
      collection.replace({
        ...rd,
        managed_certificate_id: cert.id,
        certificate_management_status: { renews_at: renewsAt, provisioning_job: null },
      });
      if (rd.managed_certificate_id) this.store.collection(tlsCertificates).remove(rd.managed_certificate_id);
    });
  }

  private issue(domainId: string, name: string, keyType: (typeof MANAGED_KEY_TYPES)[number]) {
    const issuer = acmeIssuer();
    const { publicKey, privateKey } =
      keyType === "rsa" ? generateKeyPairSync("rsa", { modulusLength: 2048 }) : generateKeyPairSync("ec", { namedCurve: "P-256" });
    const now = Date.now();
    const leaf = buildCertificatePem({
      subject: { common_name: name },
      publicKey,
      signingKey: issuer.key,
      issuerPem: issuer.pem,
      notBefore: new Date(now),
      notAfter: new Date(now + MANAGED_VALIDITY_DAYS * DAY_MS),
      keyUsages: keyType === "rsa" ? ["digital_signature", "key_encipherment"] : ["digital_signature"],
      extendedKeyUsages: ["server_auth"],
      dnsNames: [name],
    });
    return insertTlsCertificate(this.store, {
      certificate_pem: leaf + issuer.pem,
      private_key_pem: privateKey.export({ type: "pkcs8", format: "pem" }) as string,
      issued_at: rfc3339Now(),
      reserved_domain_id: domainId,
    });
  }
}

/** §2.12 field order; `certificate` is the uploaded certificate, else the latest managed one. */
function render(r: ReservedDomainRecord, baseUrl: string) {
  const certificateId = r.certificate_id ?? r.managed_certificate_id;
  return {
    id: r.id,
    uri: resourceUri(baseUrl, reservedDomains, r.id),
    created_at: r.created_at,
    description: r.description,
    metadata: r.metadata,
    domain: r.domain,
    region: r.region,
    cname_target: r.cname_target,
    http_endpoint_configuration: null,
    https_endpoint_configuration: null,
    certificate: certificateId === null ? null : ref(baseUrl, tlsCertificates, certificateId),
    certificate_management_policy: r.certificate_management_policy,
    certificate_management_status: r.certificate_management_status,
    acme_challenge_cname_target: r.acme_challenge_cname_target,
  };
}
