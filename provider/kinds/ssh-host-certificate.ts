import {
  SshHostCertificateCreateParams,
  SshHostCertificateUpdateParams,
  type SshHostCertificate as SshHostCertificateObject,
  sshHostCertificatesIdPrefix,
} from "../../sdk/resources/ssh-host-certificate";
import { prefixed } from "../framework/ids";
import { COMMON_FIELDS, SERVER_CHOSEN, declareKind } from "../framework/kind";

/** @internal */
export const sshHostCertificateKind = declareKind<SshHostCertificateObject>({
  name: "SshHostCertificate",
  doc: "An OpenSSH host certificate signed by an SshCertificateAuthority. Everything but description and metadata replaces it.",
  fields: {
    sshCertificateAuthorityId: {
      input: { doc: "The signing SSH certificate authority (`sshca_`); replace on change.", required: true },
      type: "string",
      doc: "The signing authority (`sshca_`); replace on change.",
    },
    publicKey: {
      input: { doc: "The host's OpenSSH public key: RSA of at least 2048 bits, ECDSA or Ed25519; replace on change.", required: true },
      type: "string",
      doc: "The host's OpenSSH public key; replace on change.",
    },
    principals: {
      input: { type: "pulumi.Input<string>[]", doc: "Hostnames and/or IP addresses; empty or absent: any host. Replace on change." },
      default: [],
      type: "string[]",
      doc: "Hostnames and/or IP addresses the certificate serves; empty: any host. Replace on change.",
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
  section: "§2.16, §4.9",
  refresh: { by: "pages" },
  idForm: prefixed(sshHostCertificatesIdPrefix),
  createSchema: SshHostCertificateCreateParams,
  updateSchema: SshHostCertificateUpdateParams,
  fieldTypes: { publicKey: "publicKey", principals: "set", validAfter: "timestamp", validUntil: "timestamp" },
  api: (client) => client.sshHostCertificates,
  export: { label: (o) => (o.principals?.length ? `host-${o.principals[0]}` : undefined) },
});
