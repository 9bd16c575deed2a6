import * as pulumi from "@pulumi/pulumi";
import { SshUserCertificateCreateParams, SshUserCertificateUpdateParams, type SshUserCertificate as SshUserCertificateObject } from "../sdk";
import { SERVER_CHOSEN, type KindSpec } from "./framework/kind";
import { EdgeIngressResource, type ResourceArgs } from "./framework/resource";

export const sshUserCertificateKind: KindSpec<SshUserCertificateObject> = {
  name: "SshUserCertificate",
  section: "§2.15, §4.9",
  createSchema: SshUserCertificateCreateParams,
  updateSchema: SshUserCertificateUpdateParams,
  defaults: { description: "", metadata: "", principals: [], criticalOptions: {}, extensions: SERVER_CHOSEN, validAfter: SERVER_CHOSEN, validUntil: SERVER_CHOSEN },
  fieldTypes: { publicKey: "publicKey", principals: "set", validAfter: "timestamp", validUntil: "timestamp" },
  outputs: ["uri", "createdAt", "keyType", "certificate"],
  api: (client) => client.sshUserCertificates,
};

export type SshUserCertificateArgs = ResourceArgs<SshUserCertificateCreateParams>;

/** An OpenSSH user certificate signed by an SshCertificateAuthority. Everything but description and metadata replaces it. */
export class SshUserCertificate extends EdgeIngressResource {
  declare readonly sshCertificateAuthorityId: pulumi.Output<string>;
  declare readonly publicKey: pulumi.Output<string>;
  declare readonly principals: pulumi.Output<string[]>;
  declare readonly criticalOptions: pulumi.Output<Record<string, string>>;
  declare readonly extensions: pulumi.Output<Record<string, string>>;
  declare readonly validAfter: pulumi.Output<string>;
  declare readonly validUntil: pulumi.Output<string>;
  declare readonly keyType: pulumi.Output<string>;
  declare readonly certificate: pulumi.Output<string>;
  declare readonly description: pulumi.Output<string>;
  declare readonly metadata: pulumi.Output<string>;
  declare readonly uri: pulumi.Output<string>;
  declare readonly createdAt: pulumi.Output<string>;

  constructor(name: string, args: SshUserCertificateArgs, opts?: pulumi.CustomResourceOptions) {
    super(sshUserCertificateKind, name, args, opts);
  }

  static get(name: string, id: pulumi.Input<string>, opts?: pulumi.CustomResourceOptions): SshUserCertificate {
    return new SshUserCertificate(name, undefined as unknown as SshUserCertificateArgs, { ...opts, id });
  }
}
