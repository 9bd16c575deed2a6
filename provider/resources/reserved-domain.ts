import * as pulumi from "@pulumi/pulumi";
import { isResourceOf, resourceArgs, type AdoptArgs, type GetOptions, type ResourceKind } from "../framework/resource";

/** @internal What the class declares: every input and output, and which are secret (the lifecycle reads these lists too). */
export const reservedDomainResource: ResourceKind = {
  name: "ReservedDomain",
  inputs: ["domain", "region", "description", "metadata", "certificateId", "certificateManagementPolicy"],
  outputs: ["uri", "createdAt", "cnameTarget", "acmeChallengeCnameTarget", "issuedCertificateId", "certificateManagementStatus"],
};

/** Deprecated region codes. */
export type ReservedDomainRegion = "au" | "eu" | "ap" | "us" | "jp" | "in" | "sa";
/** A managed certificate's settings. */
export interface CertificateManagementPolicyArgs {
  /** The issuing authority: `public-acme`, the one public ACME authority. */
  authority: pulumi.Input<"public-acme">;
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

export interface ReservedDomainArgs extends AdoptArgs {
  /** Lowercase hostname, optionally `*.` in front; unique in the account; replace on change (deleting first). */
  domain: pulumi.Input<string>;
  /** Deprecated (traffic is handled globally); replace on change. Default "". */
  region?: pulumi.Input<ReservedDomainRegion>;
  /** Human-readable, at most 255 bytes. Default "". */
  description?: pulumi.Input<string>;
  /** Arbitrary user data, at most 4096 bytes. Default "". */
  metadata?: pulumi.Input<string>;
  /** An uploaded TLS certificate (`cert_`); not together with `certificateManagementPolicy`. Default null. */
  certificateId?: pulumi.Input<string | null>;
  /** Let the service issue and renew the certificate; not together with `certificateId`. */
  certificateManagementPolicy?: pulumi.Input<CertificateManagementPolicyArgs | null>;
}

/**
 * A hostname reserved for the account, with an uploaded certificate (`certificateId`) or one the
 * service manages (`certificateManagementPolicy`). Changing `domain` replaces it (deleting first).
 */
export class ReservedDomain extends pulumi.CustomResource {
  /** The hostname; replace on change (deleting first). */
  declare readonly domain: pulumi.Output<string>;
  /** "" when unset. */
  declare readonly region: pulumi.Output<ReservedDomainRegion | "">;
  /** The uploaded TLS certificate (`cert_`); null when none or when the service manages the certificate. */
  declare readonly certificateId: pulumi.Output<string | null>;
  /** Automatic certificate management; null when disabled. */
  declare readonly certificateManagementPolicy: pulumi.Output<{ authority: "public-acme"; privateKeyType: "rsa" | "ecdsa" } | null>;
  /** DNS CNAME target for a custom domain; null for a subdomain of the service's own. */
  declare readonly cnameTarget: pulumi.Output<string | null>;
  /** DNS CNAME target of `_acme-challenge.<domain>`, needed to issue certificates for a wildcard domain that is not the service's own; null otherwise. */
  declare readonly acmeChallengeCnameTarget: pulumi.Output<string | null>;
  /** The certificate the service issued, when it manages one. */
  declare readonly issuedCertificateId: pulumi.Output<string | null>;
  /** Status of automatic certificate management; null when disabled. */
  declare readonly certificateManagementStatus: pulumi.Output<CertificateManagementStatus | null>;
  /** Human-readable. */
  declare readonly description: pulumi.Output<string>;
  /** Arbitrary user data. */
  declare readonly metadata: pulumi.Output<string>;
  /** The domain's API URI. */
  declare readonly uri: pulumi.Output<string>;
  /** RFC 3339 creation time. */
  declare readonly createdAt: pulumi.Output<string>;

  constructor(name: string, args: ReservedDomainArgs, opts?: pulumi.CustomResourceOptions);
  /** @internal `get`: no args, an id. */
  constructor(name: string, args: undefined, opts: pulumi.CustomResourceOptions);
  constructor(name: string, args: ReservedDomainArgs | undefined, opts?: pulumi.CustomResourceOptions) {
    super(...resourceArgs(reservedDomainResource, name, args, opts));
  }

  static get(name: string, id: pulumi.Input<string>, opts?: GetOptions): ReservedDomain {
    return new ReservedDomain(name, undefined, { ...opts, id });
  }

  /** True when `obj` is a ReservedDomain, also one made by another copy of this package (Pulumi's convention). */
  static override isInstance(obj: any): obj is ReservedDomain {
    return isResourceOf(reservedDomainResource, obj);
  }
}
