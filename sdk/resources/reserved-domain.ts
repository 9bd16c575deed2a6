/**
 * Reserved domains (spec §2.12, §4.8): a hostname with an uploaded certificate (`certificateId`) or one
 * the service manages (`certificateManagementPolicy`), never both. Update is an extension of the
 * emulator's (docs/api-choices.md): description, metadata and the certificate choice.
 */
import { z } from "zod";
import { Ref, description, domainName, idWithPrefix, immutable, metadata, nullable, oneOf, params, text, timestamp } from "../core/fields";
import type { HttpClient } from "../core/http";
import { CrudResource } from "../core/resource";
import { tlsCertificatesIdPrefix } from "./tls-certificate";
import type * as types from "../types";

export const reservedDomainsIdPrefix = "rd_";
/** Deprecated: traffic is handled globally. */
export const RESERVED_DOMAIN_REGIONS = ["au", "eu", "ap", "us", "jp", "in", "sa"] as const;
/**
 * The one public ACME authority the service supports (§2.12), by the identifier the vendor's docs give it.
 * Kept a string on the wire and in the schema, checked against this list.
 */
export const CERTIFICATE_AUTHORITIES = ["letsencrypt"] as const;
export const MANAGED_KEY_TYPES = ["rsa", "ecdsa"] as const;
export const DEFAULT_MANAGED_KEY_TYPE = "rsa";

/** @internal */
export const CertificateManagementPolicyParams = params({
  authority: z
    .string({ error: "must be a string" })
    .refine((v) => (CERTIFICATE_AUTHORITIES as readonly string[]).includes(v), {
      error: `must be ${CERTIFICATE_AUTHORITIES.join(", ")}, the ACME authority the service supports`,
    })
    .describe("The ACME authority that issues the certificates: `letsencrypt`, the one the service supports."),
  privateKeyType: oneOf(MANAGED_KEY_TYPES).optional().describe("`rsa` (the service's default) or `ecdsa`."),
}).describe("Automatic certificate management of a reserved domain, as a request sets it.");
export type CertificateManagementPolicyParams = types.CertificateManagementPolicyParams;

const certificateId = idWithPrefix(tlsCertificatesIdPrefix);

export const EXCLUSIVE_CERTIFICATE_RULE = "must not be set together with certificateId";

/** §4.8: an uploaded certificate and a management policy exclude each other; `null` counts as unset. */
function exclusiveCertificate(value: { certificateId?: string | null; certificateManagementPolicy?: unknown }, ctx: z.RefinementCtx): void {
  if (value.certificateId != null && value.certificateManagementPolicy != null) {
    ctx.addIssue({ code: "custom", path: ["certificateManagementPolicy"], message: EXCLUSIVE_CERTIFICATE_RULE });
  }
}

/** @internal */
export const ReservedDomainCreateParams = params({
  domain: domainName.describe("Lowercase hostname, optionally `*.` in front; unique across the account; fixed at creation."),
  region: oneOf(RESERVED_DOMAIN_REGIONS).optional().describe("Deprecated."),
  description: description.optional(),
  metadata: metadata.optional(),
  certificateId: certificateId
    .optional()
    .describe(
      "The id of an uploaded TLS certificate (`cert_...`) to serve the domain with; not together with certificateManagementPolicy.",
    ),
  certificateManagementPolicy: CertificateManagementPolicyParams.optional().describe(
    "Have the service obtain and renew the domain's certificate automatically; not together with certificateId. Absent: no automatic management.",
  ),
}).superRefine(exclusiveCertificate);
export type ReservedDomainCreateParams = types.ReservedDomainCreateParams;

/** @internal */
export const ReservedDomainUpdateParams = params({
  domain: immutable.describe("Fixed at creation: another domain is another reservation."),
  region: immutable,
  description: description.optional(),
  metadata: metadata.optional(),
  certificateId: certificateId.nullable().optional().describe("Switching: send the new one and `null` for the other; `null` alone clears."),
  certificateManagementPolicy: CertificateManagementPolicyParams.nullable()
    .optional()
    .describe(
      "Turns on or changes automatic certificate management (a changed policy starts a new provisioning job); `null` turns it off and drops the issued certificate; absent leaves it as is.",
    ),
}).superRefine(exclusiveCertificate);
export type ReservedDomainUpdateParams = types.ReservedDomainUpdateParams;

/** @internal */
export const ProvisioningJob = z
  .object({
    errorCode: nullable(z.string()).describe(
      "`INTERNAL_ERROR` (temporary, retried) or `DNS_ERROR` (permanent, for the user to fix); null while running.",
    ),
    msg: text.describe("A human-readable message on the job's progress or its error."),
    startedAt: timestamp.describe("When the job started (RFC 3339)."),
    retriesAt: nullable(timestamp).describe("When the job is retried after a temporary error (RFC 3339); null when no retry is scheduled."),
  })
  .describe("The provisioning or renewal of a reserved domain's managed certificate, while it runs.");
export type ProvisioningJob = types.ProvisioningJob;

/** @internal */
export const ReservedDomain = z.object({
  id: z.string(),
  uri: z.string(),
  createdAt: timestamp,
  description: text,
  metadata: text,
  domain: z.string().describe("The reserved hostname, lowercase; `*.` in front for a wildcard reservation."),
  region: text.describe('"" when unset.'),
  cnameTarget: nullable(z.string()).describe("null for a subdomain of the service's own domain."),
  httpEndpointConfiguration: nullable(Ref).describe(
    "A reference to the domain's HTTP endpoint configuration; null when unset. Read-only: no request sets it.",
  ),
  httpsEndpointConfiguration: nullable(Ref).describe(
    "A reference to the domain's HTTPS endpoint configuration; null when unset. Read-only: no request sets it.",
  ),
  certificate: nullable(Ref).describe("The uploaded certificate, the latest one issued automatically, or null."),
  certificateManagementPolicy: nullable(
    z.object({
      authority: z.string().describe("The ACME authority that issues the certificates: `letsencrypt`."),
      privateKeyType: z.string().describe("The type of the issued certificates' keys: `rsa` or `ecdsa`."),
    }),
  ).describe("Automatic certificate management; null when it is off."),
  certificateManagementStatus: nullable(
    z.object({
      renewsAt: nullable(timestamp).describe("When the service next requests a renewal (RFC 3339); null until a certificate is issued."),
      provisioningJob: nullable(ProvisioningJob).describe("The provisioning or renewal under way; null when none runs."),
    }),
  ).describe("The state of automatic certificate management; null when it is off."),
  acmeChallengeCnameTarget: nullable(z.string()).describe(
    "Only for wildcard domains that are not the service's own: the CNAME target of `_acme-challenge.<domain>`.",
  ),
});
export type ReservedDomain = types.ReservedDomain;

export class ReservedDomains extends CrudResource<ReservedDomain, ReservedDomainCreateParams, ReservedDomainUpdateParams> {
  constructor(http: HttpClient) {
    super(http, {
      collectionPath: "/reserved_domains",
      listKey: "reservedDomains",
      model: ReservedDomain,
      createParams: ReservedDomainCreateParams,
      updateParams: ReservedDomainUpdateParams,
    });
  }
}
