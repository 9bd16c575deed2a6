import { ID_PREFIXES } from "../../sdk/core/id-prefixes";
import {
  SshCertificateAuthorityCreateParams,
  SshCertificateAuthorityUpdateParams,
  type SshCertificateAuthority as SshCertificateAuthorityObject,
} from "../../sdk/resources/ssh-certificate-authority";
import { prefixed } from "../framework/ids";
import { SERVER_CHOSEN, type KindSpec } from "../framework/kind";
import { sshCertificateAuthorityResource } from "../resources/ssh-certificate-authority";

/** @internal */
export const sshCertificateAuthorityKind: KindSpec<SshCertificateAuthorityObject> = {
  name: sshCertificateAuthorityResource.name,
  section: "§2.14, §4.9",
  refresh: { by: "pages" },
  idForm: prefixed(ID_PREFIXES.sshCertificateAuthorities),
  createSchema: SshCertificateAuthorityCreateParams,
  updateSchema: SshCertificateAuthorityUpdateParams,
  defaults: { description: "", metadata: "", ellipticCurve: SERVER_CHOSEN, keySize: SERVER_CHOSEN },
  outputs: sshCertificateAuthorityResource.outputs,
  // The service does not report the curve or size it used: the declared ones are kept.
  keepFromState: ["ellipticCurve", "keySize"],
  api: (client) => client.sshCertificateAuthorities,
  // The service names the requested private key type `key_type`.
  fromApi: (obj) => ({ privateKeyType: obj.keyType }),
  export: { label: (o) => `${o.keyType}-ssh-ca` },
};
