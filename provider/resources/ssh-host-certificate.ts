import * as pulumi from "@pulumi/pulumi";
import { isResourceOf, resourceArgs, type AdoptArgs, type GetOptions, type ResourceKind } from "../framework/resource";

/** @internal What the class declares: every input and output, and which are secret (the lifecycle reads these lists too). */
export const sshHostCertificateResource: ResourceKind = {
  name: "SshHostCertificate",
  inputs: ["sshCertificateAuthorityId", "publicKey", "principals", "validAfter", "validUntil", "description", "metadata"],
  outputs: ["uri", "createdAt", "keyType", "certificate"],
};

export interface SshHostCertificateArgs extends AdoptArgs {
  /** The signing SSH certificate authority (`sshca_`); replace on change. */
  sshCertificateAuthorityId: pulumi.Input<string>;
  /** The host's OpenSSH public key: RSA of at least 2048 bits, ECDSA or Ed25519; replace on change. */
  publicKey: pulumi.Input<string>;
  /** Hostnames and/or IP addresses; empty or absent: any host. Replace on change. */
  principals?: pulumi.Input<pulumi.Input<string>[]>;
  /** RFC 3339; default now. Replace on change. */
  validAfter?: pulumi.Input<string>;
  /** RFC 3339, after `validAfter`; omitted, the service chooses. Replace on change. */
  validUntil?: pulumi.Input<string>;
  /** Human-readable, at most 255 bytes. Default "". */
  description?: pulumi.Input<string>;
  /** Arbitrary user data, at most 4096 bytes. Default "". */
  metadata?: pulumi.Input<string>;
}

/** An OpenSSH host certificate signed by an SshCertificateAuthority. Everything but description and metadata replaces it. */
export class SshHostCertificate extends pulumi.CustomResource {
  /** The signing authority (`sshca_`); replace on change. */
  declare readonly sshCertificateAuthorityId: pulumi.Output<string>;
  /** The host's OpenSSH public key; replace on change. */
  declare readonly publicKey: pulumi.Output<string>;
  /** Hostnames and/or IP addresses the certificate serves; empty: any host. Replace on change. */
  declare readonly principals: pulumi.Output<string[]>;
  /** RFC 3339 start of validity; replace on change. */
  declare readonly validAfter: pulumi.Output<string>;
  /** RFC 3339 end of validity (the certificate's valid_before); replace on change. */
  declare readonly validUntil: pulumi.Output<string>;
  /** The subject key's type. */
  declare readonly keyType: pulumi.Output<"rsa" | "ecdsa" | "ed25519">;
  /** The signed certificate, OpenSSH format (`<type>-cert-v01@openssh.com AAAA...`). */
  declare readonly certificate: pulumi.Output<string>;
  /** Human-readable. */
  declare readonly description: pulumi.Output<string>;
  /** Arbitrary user data. */
  declare readonly metadata: pulumi.Output<string>;
  /** The certificate's API URI. */
  declare readonly uri: pulumi.Output<string>;
  /** RFC 3339 creation time. */
  declare readonly createdAt: pulumi.Output<string>;

  constructor(name: string, args: SshHostCertificateArgs, opts?: pulumi.CustomResourceOptions);
  /** @internal `get`: no args, an id. */
  constructor(name: string, args: undefined, opts: pulumi.CustomResourceOptions);
  constructor(name: string, args: SshHostCertificateArgs | undefined, opts?: pulumi.CustomResourceOptions) {
    super(...resourceArgs(sshHostCertificateResource, name, args, opts));
  }

  static get(name: string, id: pulumi.Input<string>, opts?: GetOptions): SshHostCertificate {
    return new SshHostCertificate(name, undefined, { ...opts, id });
  }

  /** True when `obj` is an SshHostCertificate, also one made by another copy of this package (Pulumi's convention). */
  static override isInstance(obj: any): obj is SshHostCertificate {
    return isResourceOf(sshHostCertificateResource, obj);
  }
}
