import type * as pulumi from "@pulumi/pulumi";
import {
  DEFAULT_MANAGED_KEY_TYPE,
  ReservedDomainCreateParams,
  ReservedDomainUpdateParams,
  type ReservedDomain as ReservedDomainObject,
  reservedDomainsIdPrefix,
} from "../../sdk/resources/reserved-domain";
import { prefixed } from "../framework/ids";
import { COMMON_FIELDS, within, declareKind } from "../framework/kind";
import type * as sdk from "../../sdk/types";

/** @internal */
export const reservedDomainKind = declareKind<ReservedDomainObject>({
  name: "ReservedDomain",
  doc: "A hostname reserved for the account, with an uploaded certificate (`certificateId`) or one the service manages (`certificateManagementPolicy`). Changing `domain` replaces it (deleting first).",
  fields: {
    domain: {
      input: {
        doc: "Lowercase hostname, optionally `*.` in front; unique in the account; replace on change (deleting first).",
        required: true,
      },
      type: "string",
      doc: "The hostname; replace on change (deleting first).",
    },
    region: {
      input: { type: "ReservedDomainRegion", doc: "Deprecated (traffic is handled globally); replace on change. Unset by default." },
      default: "",
      type: 'ReservedDomainRegion | ""',
      doc: '"" when unset.',
    },
    certificateId: {
      input: { doc: "An uploaded TLS certificate (`cert_`); not together with `certificateManagementPolicy`. Default null." },
      default: null,
      type: "string | null",
      doc: "The uploaded TLS certificate (`cert_`); null when none or when the service manages the certificate.",
    },
    certificateManagementPolicy: {
      input: {
        type: "CertificateManagementPolicyArgs | null",
        doc: "Let the service issue and renew the certificate; not together with `certificateId`.",
      },
      default: within({ privateKeyType: DEFAULT_MANAGED_KEY_TYPE }),
      type: '{ authority: string; privateKeyType: "rsa" | "ecdsa" } | null',
      doc: "Automatic certificate management; null when disabled.",
    },
    cnameTarget: { type: "string | null", doc: "DNS CNAME target for a custom domain; null for a subdomain of the service's own." },
    acmeChallengeCnameTarget: {
      type: "string | null",
      doc: "DNS CNAME target of `_acme-challenge.<domain>`, needed to issue certificates for a wildcard domain that is not the service's own; null otherwise.",
    },
    issuedCertificateId: { type: "string | null", doc: "The certificate the service issued, when it manages one." },
    certificateManagementStatus: {
      type: "CertificateManagementStatus | null",
      doc: "Status of automatic certificate management; null when disabled.",
    },
    description: COMMON_FIELDS.description,
    metadata: COMMON_FIELDS.metadata,
    uri: { type: "string", doc: "The domain's API URI." },
    createdAt: COMMON_FIELDS.createdAt,
  },
  section: "§2.12, §4.8 (update: extension)",
  refresh: { by: "pages" },
  idForm: prefixed(reservedDomainsIdPrefix),
  createSchema: ReservedDomainCreateParams,
  updateSchema: ReservedDomainUpdateParams,
  // A domain is reserved once: a replacement must release it first.
  unique: ["domain"],
  api: (client) => client.reservedDomains,
  fromApi: (obj) => ({
    // The certificate is the user's input only while nothing manages it; a managed one is an output.
    certificateId: obj.certificateManagementPolicy ? null : (obj.certificate?.id ?? null),
    issuedCertificateId: obj.certificateManagementPolicy ? (obj.certificate?.id ?? null) : null,
  }),
  export: { label: (o) => o.domain },
});

/** Deprecated region codes. */
export type ReservedDomainRegion = NonNullable<sdk.ReservedDomainCreateParams["region"]>;

/** A managed certificate's settings. */
export interface CertificateManagementPolicyArgs {
  /** The ACME authority that issues the certificates: `letsencrypt`, the one the service supports. */
  authority: pulumi.Input<string>;
  /** Default `rsa`. */
  privateKeyType?: pulumi.Input<"rsa" | "ecdsa">;
}

/** A certificate being provisioned or renewed. */
export interface ProvisioningJob {
  /** `INTERNAL_ERROR` (temporary) or `DNS_ERROR` (permanent, for the user to correct); null while nothing failed. */
  errorCode: "INTERNAL_ERROR" | "DNS_ERROR" | (string & {}) | null;
  msg: string;
  /** RFC 3339. */
  startedAt: string;
  /** RFC 3339 time of the next retry. */
  retriesAt: string | null;
}

/** Automatic certificate management as the service reports it. */
export interface CertificateManagementStatus {
  /** RFC 3339 time of the next renewal request. */
  renewsAt: string | null;
  /** Null unless a certificate is being provisioned or renewed. */
  provisioningJob: ProvisioningJob | null;
}
