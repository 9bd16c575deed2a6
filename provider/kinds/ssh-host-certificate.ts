import { ID_PREFIXES } from "../../sdk/core/id-prefixes";
import {
  SshHostCertificateCreateParams,
  SshHostCertificateUpdateParams,
  type SshHostCertificate as SshHostCertificateObject,
} from "../../sdk/resources/ssh-host-certificate";
import { prefixed } from "../framework/ids";
import { SERVER_CHOSEN, type KindSpec } from "../framework/kind";
import { sshHostCertificateResource } from "../resources/ssh-host-certificate";

/** @internal */
export const sshHostCertificateKind: KindSpec<SshHostCertificateObject> = {
  name: sshHostCertificateResource.name,
  section: "§2.16, §4.9",
  refresh: { by: "pages" },
  idForm: prefixed(ID_PREFIXES.sshHostCertificates),
  createSchema: SshHostCertificateCreateParams,
  updateSchema: SshHostCertificateUpdateParams,
  defaults: { description: "", metadata: "", principals: [], validAfter: SERVER_CHOSEN, validUntil: SERVER_CHOSEN },
  fieldTypes: { publicKey: "publicKey", principals: "set", validAfter: "timestamp", validUntil: "timestamp" },
  outputs: sshHostCertificateResource.outputs,
  api: (client) => client.sshHostCertificates,
  export: { label: (o) => (o.principals?.length ? `host-${o.principals[0]}` : undefined) },
};
