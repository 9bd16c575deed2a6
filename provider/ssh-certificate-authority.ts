import * as pulumi from "@pulumi/pulumi";
import { SshCertificateAuthorityCreateParams, SshCertificateAuthorityUpdateParams, type SshCertificateAuthority as SshCertificateAuthorityObject } from "../sdk";
import { SERVER_CHOSEN, type KindSpec } from "./framework/kind";
import { EdgeIngressResource, type ResourceArgs } from "./framework/resource";

export const sshCertificateAuthorityKind: KindSpec<SshCertificateAuthorityObject> = {
  name: "SshCertificateAuthority",
  section: "§2.14, §4.9",
  createSchema: SshCertificateAuthorityCreateParams,
  updateSchema: SshCertificateAuthorityUpdateParams,
  defaults: { description: "", metadata: "", ellipticCurve: SERVER_CHOSEN, keySize: SERVER_CHOSEN },
  outputs: ["uri", "createdAt", "publicKey", "keyType"],
  // The service does not report the curve or size it used: the declared ones are kept.
  keepFromState: ["ellipticCurve", "keySize"],
  api: (client) => client.sshCertificateAuthorities,
  // The service names the requested private key type `key_type`.
  fromApi: (obj) => ({ privateKeyType: obj.keyType }),
};

export type SshCertificateAuthorityArgs = ResourceArgs<SshCertificateAuthorityCreateParams>;

/** An SSH certificate authority whose key the service generates and keeps. Changing the key type, curve or size replaces it. */
export class SshCertificateAuthority extends EdgeIngressResource {
  declare readonly privateKeyType: pulumi.Output<string>;
  declare readonly ellipticCurve: pulumi.Output<string | null>;
  declare readonly keySize: pulumi.Output<number | null>;
  declare readonly publicKey: pulumi.Output<string>;
  declare readonly keyType: pulumi.Output<string>;
  declare readonly description: pulumi.Output<string>;
  declare readonly metadata: pulumi.Output<string>;
  declare readonly uri: pulumi.Output<string>;
  declare readonly createdAt: pulumi.Output<string>;

  constructor(name: string, args: SshCertificateAuthorityArgs, opts?: pulumi.CustomResourceOptions) {
    super(sshCertificateAuthorityKind, name, args, opts);
  }

  static get(name: string, id: pulumi.Input<string>, opts?: pulumi.CustomResourceOptions): SshCertificateAuthority {
    return new SshCertificateAuthority(name, undefined as unknown as SshCertificateAuthorityArgs, { ...opts, id });
  }
}
