import * as pulumi from "@pulumi/pulumi";
import { DEFAULT_MANAGED_KEY_TYPE, ReservedDomainCreateParams, ReservedDomainUpdateParams, type ReservedDomain as ReservedDomainObject } from "../sdk";
import { within, type KindSpec } from "./framework/kind";
import { EdgeIngressResource, type ResourceArgs } from "./framework/resource";

export const reservedDomainKind: KindSpec<ReservedDomainObject> = {
  name: "ReservedDomain",
  section: "§2.12, §4.8 (update: extension)",
  createSchema: ReservedDomainCreateParams,
  updateSchema: ReservedDomainUpdateParams,
  defaults: {
    description: "",
    metadata: "",
    region: "",
    certificateId: null,
    certificateManagementPolicy: within({ privateKeyType: DEFAULT_MANAGED_KEY_TYPE }),
  },
  outputs: ["uri", "createdAt", "cnameTarget", "acmeChallengeCnameTarget", "issuedCertificateId", "certificateManagementStatus"],
  // A domain is reserved once: a replacement must release it first.
  unique: ["domain"],
  api: (client) => client.reservedDomains,
  fromApi: (obj) => ({
    // The certificate is the user's input only while nothing manages it; a managed one is an output.
    certificateId: obj.certificateManagementPolicy ? null : (obj.certificate?.id ?? null),
    issuedCertificateId: obj.certificateManagementPolicy ? (obj.certificate?.id ?? null) : null,
  }),
};

export type ReservedDomainArgs = ResourceArgs<ReservedDomainCreateParams>;

/**
 * A hostname reserved for the account, with an uploaded certificate (`certificateId`) or one the
 * service manages (`certificateManagementPolicy`). Changing `domain` replaces it (deleting first).
 */
export class ReservedDomain extends EdgeIngressResource {
  declare readonly domain: pulumi.Output<string>;
  declare readonly region: pulumi.Output<string>;
  declare readonly certificateId: pulumi.Output<string | null>;
  declare readonly certificateManagementPolicy: pulumi.Output<{ authority: string; privateKeyType: string } | null>;
  /** DNS CNAME target for a custom domain; null for a subdomain of the service's own. */
  declare readonly cnameTarget: pulumi.Output<string | null>;
  declare readonly acmeChallengeCnameTarget: pulumi.Output<string | null>;
  /** The certificate the service issued, when it manages one. */
  declare readonly issuedCertificateId: pulumi.Output<string | null>;
  declare readonly certificateManagementStatus: pulumi.Output<Record<string, unknown> | null>;
  declare readonly description: pulumi.Output<string>;
  declare readonly metadata: pulumi.Output<string>;
  declare readonly uri: pulumi.Output<string>;
  declare readonly createdAt: pulumi.Output<string>;

  constructor(name: string, args: ReservedDomainArgs, opts?: pulumi.CustomResourceOptions) {
    super(reservedDomainKind, name, args, opts);
  }

  static get(name: string, id: pulumi.Input<string>, opts?: pulumi.CustomResourceOptions): ReservedDomain {
    return new ReservedDomain(name, undefined as unknown as ReservedDomainArgs, { ...opts, id });
  }
}
