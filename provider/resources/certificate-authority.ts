import * as pulumi from "@pulumi/pulumi";
import { isResourceOf, resourceArgs, type AdoptArgs, type GetOptions, type ResourceKind } from "../framework/resource";

/** @internal What the class declares: every input and output, and which are secret (the lifecycle reads these lists too). */
export const certificateAuthorityResource: ResourceKind = {
  name: "CertificateAuthority",
  inputs: ["description", "metadata", "caPem"],
  outputs: ["uri", "createdAt", "subjectCommonName", "notBefore", "notAfter", "keyUsages", "extendedKeyUsages"],
};

export interface CertificateAuthorityArgs extends AdoptArgs {
  /** Exactly one PEM certificate, nothing else but whitespace; replace on change. */
  caPem: pulumi.Input<string>;
  /** Human-readable, at most 255 bytes. Default "". */
  description?: pulumi.Input<string>;
  /** Arbitrary user data, at most 4096 bytes. Default "". */
  metadata?: pulumi.Input<string>;
}

/** An uploaded certificate authority, for mutual TLS modules. Changing `caPem` replaces it. */
export class CertificateAuthority extends pulumi.CustomResource {
  /** The PEM certificate; replace on change. */
  declare readonly caPem: pulumi.Output<string>;
  /** The certificate's subject common name. */
  declare readonly subjectCommonName: pulumi.Output<string>;
  /** RFC 3339: start of validity. */
  declare readonly notBefore: pulumi.Output<string>;
  /** RFC 3339: end of validity. */
  declare readonly notAfter: pulumi.Output<string>;
  /** The certificate's key usages. */
  declare readonly keyUsages: pulumi.Output<string[]>;
  /** The certificate's extended key usages. */
  declare readonly extendedKeyUsages: pulumi.Output<string[]>;
  /** Human-readable. */
  declare readonly description: pulumi.Output<string>;
  /** Arbitrary user data. */
  declare readonly metadata: pulumi.Output<string>;
  /** The authority's API URI. */
  declare readonly uri: pulumi.Output<string>;
  /** RFC 3339 creation time. */
  declare readonly createdAt: pulumi.Output<string>;

  constructor(name: string, args: CertificateAuthorityArgs, opts?: pulumi.CustomResourceOptions);
  /** @internal `get`: no args, an id. */
  constructor(name: string, args: undefined, opts: pulumi.CustomResourceOptions);
  constructor(name: string, args: CertificateAuthorityArgs | undefined, opts?: pulumi.CustomResourceOptions) {
    super(...resourceArgs(certificateAuthorityResource, name, args, opts));
  }

  static get(name: string, id: pulumi.Input<string>, opts?: GetOptions): CertificateAuthority {
    return new CertificateAuthority(name, undefined, { ...opts, id });
  }

  /** True when `obj` is a CertificateAuthority, also one made by another copy of this package (Pulumi's convention). */
  static override isInstance(obj: any): obj is CertificateAuthority {
    return isResourceOf(certificateAuthorityResource, obj);
  }
}
