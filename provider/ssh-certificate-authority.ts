import * as pulumi from "@pulumi/pulumi";
import { ID_PREFIXES, SshCertificateAuthorityCreateParams, SshCertificateAuthorityUpdateParams, type SshCertificateAuthority as SshCertificateAuthorityObject } from "../sdk";
import { SERVER_CHOSEN, type KindSpec } from "./framework/kind";
import { prefixed } from "./framework/ids";
import { EdgeIngressResource, type GetOptions, type AdoptArgs } from "./framework/resource";

/** @internal */
export const sshCertificateAuthorityKind: KindSpec<SshCertificateAuthorityObject> = {
  name: "SshCertificateAuthority",
  section: "§2.14, §4.9",
  idForm: prefixed(ID_PREFIXES.sshCertificateAuthorities),
  createSchema: SshCertificateAuthorityCreateParams,
  updateSchema: SshCertificateAuthorityUpdateParams,
  defaults: { description: "", metadata: "", ellipticCurve: SERVER_CHOSEN, keySize: SERVER_CHOSEN },
  outputs: ["uri", "createdAt", "publicKey", "keyType"],
  // The service does not report the curve or size it used: the declared ones are kept.
  keepFromState: ["ellipticCurve", "keySize"],
  api: (client) => client.sshCertificateAuthorities,
  // The service names the requested private key type `key_type`.
  fromApi: (obj) => ({ privateKeyType: obj.keyType }),
  export: { label: (o) => `${o.keyType}-ssh-ca` },
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
export class SshCertificateAuthority extends EdgeIngressResource {
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
    super(sshCertificateAuthorityKind, name, args, opts);
  }

  static get(name: string, id: pulumi.Input<string>, opts?: GetOptions): SshCertificateAuthority {
    return new SshCertificateAuthority(name, undefined, { ...opts, id });
  }
}
