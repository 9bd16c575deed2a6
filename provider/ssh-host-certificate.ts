import * as pulumi from "@pulumi/pulumi";
import { SshHostCertificateCreateParams, SshHostCertificateUpdateParams, type SshHostCertificate as SshHostCertificateObject } from "../sdk";
import { SERVER_CHOSEN, type KindSpec } from "./framework/kind";
import { EdgeIngressResource, type ResourceArgs } from "./framework/resource";

export const sshHostCertificateKind: KindSpec<SshHostCertificateObject> = {
  name: "SshHostCertificate",
  section: "§2.16, §4.9",
  createSchema: SshHostCertificateCreateParams,
  updateSchema: SshHostCertificateUpdateParams,
  defaults: { description: "", metadata: "", principals: [], validAfter: SERVER_CHOSEN, validUntil: SERVER_CHOSEN },
  fieldTypes: { publicKey: "publicKey", principals: "set", validAfter: "timestamp", validUntil: "timestamp" },
  outputs: ["uri", "createdAt", "keyType", "certificate"],
  api: (client) => client.sshHostCertificates,
};

export type SshHostCertificateArgs = ResourceArgs<SshHostCertificateCreateParams>;

/** An OpenSSH host certificate signed by an SshCertificateAuthority. Everything but description and metadata replaces it. */
export class SshHostCertificate extends EdgeIngressResource {
  declare readonly sshCertificateAuthorityId: pulumi.Output<string>;
  declare readonly publicKey: pulumi.Output<string>;
  declare readonly principals: pulumi.Output<string[]>;
  declare readonly validAfter: pulumi.Output<string>;
  declare readonly validUntil: pulumi.Output<string>;
  declare readonly keyType: pulumi.Output<string>;
  declare readonly certificate: pulumi.Output<string>;
  declare readonly description: pulumi.Output<string>;
  declare readonly metadata: pulumi.Output<string>;
  declare readonly uri: pulumi.Output<string>;
  declare readonly createdAt: pulumi.Output<string>;

  constructor(name: string, args: SshHostCertificateArgs, opts?: pulumi.CustomResourceOptions) {
    super(sshHostCertificateKind, name, args, opts);
  }

  static get(name: string, id: pulumi.Input<string>, opts?: pulumi.CustomResourceOptions): SshHostCertificate {
    return new SshHostCertificate(name, undefined as unknown as SshHostCertificateArgs, { ...opts, id });
  }
}
