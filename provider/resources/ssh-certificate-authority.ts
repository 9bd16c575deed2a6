import * as pulumi from "@pulumi/pulumi";
import { isResourceOf, resourceArgs, type AdoptArgs, type GetOptions, type ResourceKind } from "../framework/resource";

/** @internal What the class declares: every input and output, and which are secret (the lifecycle reads these lists too). */
export const sshCertificateAuthorityResource: ResourceKind = {
  name: "SshCertificateAuthority",
  inputs: ["description", "metadata", "privateKeyType", "ellipticCurve", "keySize"],
  outputs: ["uri", "createdAt", "publicKey", "keyType"],
};

/** A generated key's type. */
export type KeyType = "rsa" | "ecdsa" | "ed25519";
/** ECDSA curves. */
export type SshEllipticCurve = "p256" | "p384" | "p521";

export interface SshCertificateAuthorityArgs extends AdoptArgs {
  /** The generated key's type; replace on change. */
  privateKeyType: pulumi.Input<KeyType>;
  /** ECDSA only; default `p256`; replace on change. */
  ellipticCurve?: pulumi.Input<SshEllipticCurve>;
  /** RSA only; default 4096; replace on change. */
  keySize?: pulumi.Input<2048 | 4096>;
  /** Human-readable, at most 255 bytes. Default "". */
  description?: pulumi.Input<string>;
  /** Arbitrary user data, at most 4096 bytes. Default "". */
  metadata?: pulumi.Input<string>;
}

/** An SSH certificate authority whose key the service generates and keeps. Changing the key type, curve or size replaces it. */
export class SshCertificateAuthority extends pulumi.CustomResource {
  /** The generated key's type; replace on change. */
  declare readonly privateKeyType: pulumi.Output<KeyType>;
  /** As declared (the service does not report it); null when not given. Replace on change. */
  declare readonly ellipticCurve: pulumi.Output<SshEllipticCurve | null>;
  /** As declared (the service does not report it); null when not given. Replace on change. */
  declare readonly keySize: pulumi.Output<2048 | 4096 | null>;
  /** OpenSSH format (`ssh-ed25519 AAAA...`). */
  declare readonly publicKey: pulumi.Output<string>;
  /** The key's type, as the service reports it. */
  declare readonly keyType: pulumi.Output<KeyType>;
  /** Human-readable. */
  declare readonly description: pulumi.Output<string>;
  /** Arbitrary user data. */
  declare readonly metadata: pulumi.Output<string>;
  /** The authority's API URI. */
  declare readonly uri: pulumi.Output<string>;
  /** RFC 3339 creation time. */
  declare readonly createdAt: pulumi.Output<string>;

  constructor(name: string, args: SshCertificateAuthorityArgs, opts?: pulumi.CustomResourceOptions);
  /** @internal `get`: no args, an id. */
  constructor(name: string, args: undefined, opts: pulumi.CustomResourceOptions);
  constructor(name: string, args: SshCertificateAuthorityArgs | undefined, opts?: pulumi.CustomResourceOptions) {
    super(...resourceArgs(sshCertificateAuthorityResource, name, args, opts));
  }

  static get(name: string, id: pulumi.Input<string>, opts?: GetOptions): SshCertificateAuthority {
    return new SshCertificateAuthority(name, undefined, { ...opts, id });
  }

  /** True when `obj` is an SshCertificateAuthority, also one made by another copy of this package (Pulumi's convention). */
  static override isInstance(obj: any): obj is SshCertificateAuthority {
    return isResourceOf(sshCertificateAuthorityResource, obj);
  }
}
