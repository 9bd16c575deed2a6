import * as pulumi from "@pulumi/pulumi";
import { isResourceOf, resourceArgs, type AdoptArgs, type GetOptions, type ResourceKind } from "../framework/resource";

/** @internal What the class declares: every input and output, and which are secret (the lifecycle reads these lists too). */
export const tlsCertificateResource: ResourceKind = {
  name: "TlsCertificate",
  inputs: ["description", "metadata", "certificatePem", "privateKeyPem"],
  outputs: [
    "uri",
    "createdAt",
    "subjectCommonName",
    "subjectAlternativeNames",
    "issuedAt",
    "notBefore",
    "notAfter",
    "keyUsages",
    "extendedKeyUsages",
    "privateKeyType",
    "issuerCommonName",
    "serialNumber",
    "subjectOrganization",
    "subjectOrganizationalUnit",
    "subjectLocality",
    "subjectProvince",
    "subjectCountry",
  ],
  secretInputs: ["privateKeyPem"],
};

export interface TlsCertificateArgs extends AdoptArgs {
  /** PEM chain, leaf first: each certificate issued and signed by the next; replace on change. */
  certificatePem: pulumi.Input<string>;
  /** Secret. The leaf's unencrypted PEM private key (RSA, ECDSA or Ed25519); never returned by the service; replace on change. */
  privateKeyPem: pulumi.Input<string>;
  /** Human-readable, at most 255 bytes. Default "". */
  description?: pulumi.Input<string>;
  /** Arbitrary user data, at most 4096 bytes. Default "". */
  metadata?: pulumi.Input<string>;
}

/** An uploaded TLS certificate chain and its private key (a secret, never returned by the service). Changing either replaces it. */
export class TlsCertificate extends pulumi.CustomResource {
  /** The PEM chain, leaf first; replace on change. */
  declare readonly certificatePem: pulumi.Output<string>;
  /** Secret; kept from the inputs (the service never returns it). */
  declare readonly privateKeyPem: pulumi.Output<string>;
  /** From the leaf. */
  declare readonly subjectCommonName: pulumi.Output<string>;
  /** From the leaf: DNS names (wildcards included) and IP addresses. */
  declare readonly subjectAlternativeNames: pulumi.Output<{ dnsNames: string[]; ips: string[] }>;
  /** Set when the service issued it (a managed reserved domain); null when uploaded. */
  declare readonly issuedAt: pulumi.Output<string | null>;
  /** RFC 3339: start of validity. */
  declare readonly notBefore: pulumi.Output<string>;
  /** RFC 3339: end of validity. */
  declare readonly notAfter: pulumi.Output<string>;
  /** The leaf's key usages. */
  declare readonly keyUsages: pulumi.Output<string[]>;
  /** The leaf's extended key usages. */
  declare readonly extendedKeyUsages: pulumi.Output<string[]>;
  /** The private key's type. */
  declare readonly privateKeyType: pulumi.Output<"rsa" | "ecdsa" | "ed25519">;
  /** From the leaf. */
  declare readonly issuerCommonName: pulumi.Output<string>;
  /** The leaf's serial number. */
  declare readonly serialNumber: pulumi.Output<string>;
  /** From the leaf; "" when absent. */
  declare readonly subjectOrganization: pulumi.Output<string>;
  /** From the leaf; "" when absent. */
  declare readonly subjectOrganizationalUnit: pulumi.Output<string>;
  /** From the leaf; "" when absent. */
  declare readonly subjectLocality: pulumi.Output<string>;
  /** From the leaf; "" when absent. */
  declare readonly subjectProvince: pulumi.Output<string>;
  /** From the leaf; "" when absent. */
  declare readonly subjectCountry: pulumi.Output<string>;
  /** Human-readable. */
  declare readonly description: pulumi.Output<string>;
  /** Arbitrary user data. */
  declare readonly metadata: pulumi.Output<string>;
  /** The certificate's API URI. */
  declare readonly uri: pulumi.Output<string>;
  /** RFC 3339 creation time. */
  declare readonly createdAt: pulumi.Output<string>;

  constructor(name: string, args: TlsCertificateArgs, opts?: pulumi.CustomResourceOptions);
  /** @internal `get`: no args, an id. */
  constructor(name: string, args: undefined, opts: pulumi.CustomResourceOptions);
  constructor(name: string, args: TlsCertificateArgs | undefined, opts?: pulumi.CustomResourceOptions) {
    super(...resourceArgs(tlsCertificateResource, name, args, opts));
  }

  static get(name: string, id: pulumi.Input<string>, opts?: GetOptions): TlsCertificate {
    return new TlsCertificate(name, undefined, { ...opts, id });
  }

  /** True when `obj` is a TlsCertificate, also one made by another copy of this package (Pulumi's convention). */
  static override isInstance(obj: any): obj is TlsCertificate {
    return isResourceOf(tlsCertificateResource, obj);
  }
}
