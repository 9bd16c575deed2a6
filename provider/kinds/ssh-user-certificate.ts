import type * as pulumi from "@pulumi/pulumi";
import {
  SshUserCertificateCreateParams,
  SshUserCertificateUpdateParams,
  type SshUserCertificate as SshUserCertificateObject,
  sshUserCertificatesIdPrefix,
} from "../../sdk/resources/ssh-user-certificate";
import { prefixed } from "../framework/ids";
import { COMMON_FIELDS, SERVER_CHOSEN, declareKind } from "../framework/kind";

/** @internal */
export const sshUserCertificateKind = declareKind<SshUserCertificateObject>({
  name: "SshUserCertificate",
  doc: "An OpenSSH user certificate signed by an SshCertificateAuthority. Everything but description and metadata replaces it.",
  fields: {
    sshCertificateAuthorityId: {
      input: { doc: "The signing SSH certificate authority (`sshca_`); replace on change.", required: true },
      type: "string",
      doc: "The signing authority (`sshca_`); replace on change.",
    },
    publicKey: {
      input: { doc: "The user's OpenSSH public key: RSA of at least 2048 bits, ECDSA or Ed25519; replace on change.", required: true },
      type: "string",
      doc: "The user's OpenSSH public key; replace on change.",
    },
    principals: {
      input: { type: "pulumi.Input<string>[]", doc: "User names; empty or absent: any user. Replace on change." },
      default: [],
      type: "string[]",
      doc: "User names the holder may sign in as; empty: any user. Replace on change.",
    },
    criticalOptions: {
      input: {
        type: "SshUserCertificateCriticalOptionsArgs",
        doc: "Only `force-command` and `source-address` are defined. Default none; replace on change.",
      },
      default: {},
      type: "SshUserCertificateCriticalOptions",
      doc: "`force-command` and `source-address`, when set; replace on change.",
    },
    extensions: {
      input: {
        type: "Record<string, pulumi.Input<string>>",
        doc: "Default `permit-pty` and `permit-user-rc`; `{}` grants none. Replace on change.",
      },
      default: SERVER_CHOSEN,
      type: "Record<string, string>",
      doc: 'SSH extensions, each name to its value (often ""); replace on change.',
    },
    validAfter: {
      input: { doc: "RFC 3339; default now. Replace on change." },
      default: SERVER_CHOSEN,
      type: "string",
      doc: "RFC 3339 start of validity; replace on change.",
    },
    validUntil: {
      input: { doc: "RFC 3339, after `validAfter`; omitted, the service chooses. Replace on change." },
      default: SERVER_CHOSEN,
      type: "string",
      doc: "RFC 3339 end of validity (the certificate's valid_before); replace on change.",
    },
    keyType: { type: '"rsa" | "ecdsa" | "ed25519"', doc: "The subject key's type." },
    certificate: { type: "string", doc: "The signed certificate, OpenSSH format (`<type>-cert-v01@openssh.com AAAA...`)." },
    description: COMMON_FIELDS.description,
    metadata: COMMON_FIELDS.metadata,
    uri: { type: "string", doc: "The certificate's API URI." },
    createdAt: COMMON_FIELDS.createdAt,
  },
  section: "§2.15, §4.9",
  refresh: { by: "pages" },
  idForm: prefixed(sshUserCertificatesIdPrefix),
  createSchema: SshUserCertificateCreateParams,
  updateSchema: SshUserCertificateUpdateParams,
  fieldTypes: { publicKey: "publicKey", principals: "set", validAfter: "timestamp", validUntil: "timestamp" },
  api: (client) => client.sshUserCertificates,
  export: { label: (o) => (o.principals?.length ? `user-${o.principals[0]}` : undefined) },
});

/** The critical options OpenSSH defines, as a certificate signs them in. */
export interface SshUserCertificateCriticalOptionsArgs {
  /** A command run on login instead of whatever the user asks for. */
  "force-command"?: pulumi.Input<string>;
  /** Comma-separated IP addresses or CIDR blocks the certificate may be used from. */
  "source-address"?: pulumi.Input<string>;
}

/** The critical options signed in, as the service reports them. */
export interface SshUserCertificateCriticalOptions {
  /** A command run on login instead of whatever the user asks for. */
  "force-command"?: string;
  /** Comma-separated IP addresses or CIDR blocks the certificate may be used from. */
  "source-address"?: string;
}
