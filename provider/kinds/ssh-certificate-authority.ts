import {
  SshCertificateAuthorityCreateParams,
  SshCertificateAuthorityUpdateParams,
  type SshCertificateAuthority as SshCertificateAuthorityObject,
  sshCertificateAuthoritiesIdPrefix,
} from "../../sdk/resources/ssh-certificate-authority";
import { prefixed } from "../framework/ids";
import { COMMON_FIELDS, SERVER_CHOSEN, declareKind } from "../framework/kind";
import type * as sdk from "../../sdk/types";

/** @internal */
export const sshCertificateAuthorityKind = declareKind<SshCertificateAuthorityObject>({
  name: "SshCertificateAuthority",
  doc: "An SSH certificate authority whose key the service generates and keeps. Changing the key type, curve or size replaces it.",
  fields: {
    privateKeyType: { input: { required: true }, type: "KeyType", doc: "The generated key's type; replace on change." },
    ellipticCurve: {
      input: { type: "SshEllipticCurve", doc: "ECDSA only; default `p256`; replace on change." },
      default: SERVER_CHOSEN,
      type: "SshEllipticCurve | null",
      doc: "As declared (the service does not report it); null when not given. Replace on change.",
    },
    keySize: {
      input: { type: "2048 | 4096", doc: "RSA only; default 4096; replace on change." },
      default: SERVER_CHOSEN,
      type: "2048 | 4096 | null",
      doc: "As declared (the service does not report it); null when not given. Replace on change.",
    },
    publicKey: { type: "string", doc: "OpenSSH format (`ssh-ed25519 AAAA...`)." },
    keyType: { type: "KeyType", doc: "The key's type, as the service reports it." },
    description: COMMON_FIELDS.description,
    metadata: COMMON_FIELDS.metadata,
    uri: { type: "string", doc: "The authority's API URI." },
    createdAt: COMMON_FIELDS.createdAt,
  },
  section: "§2.14, §4.9",
  refresh: { by: "pages" },
  idForm: prefixed(sshCertificateAuthoritiesIdPrefix),
  createSchema: SshCertificateAuthorityCreateParams,
  updateSchema: SshCertificateAuthorityUpdateParams,
  // The service does not report the curve or size it used: the declared ones are kept.
  keepFromState: ["ellipticCurve", "keySize"],
  api: (client) => client.sshCertificateAuthorities,
  // The service names the requested private key type `key_type`.
  fromApi: (obj) => ({ privateKeyType: obj.keyType }),
  export: { label: (o) => `${o.keyType}-ssh-ca` },
});

/** A generated key's type. */
export type KeyType = sdk.SshCertificateAuthorityCreateParams["privateKeyType"];

/** ECDSA curves. */
export type SshEllipticCurve = NonNullable<sdk.SshCertificateAuthorityCreateParams["ellipticCurve"]>;
