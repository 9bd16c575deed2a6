import { ID_PREFIXES } from "../../sdk/core/id-prefixes";
import {
  SshUserCertificateCreateParams,
  SshUserCertificateUpdateParams,
  type SshUserCertificate as SshUserCertificateObject,
} from "../../sdk/resources/ssh-user-certificate";
import { prefixed } from "../framework/ids";
import { SERVER_CHOSEN, type KindSpec } from "../framework/kind";
import { sshUserCertificateResource } from "../resources/ssh-user-certificate";

/** @internal */
export const sshUserCertificateKind: KindSpec<SshUserCertificateObject> = {
  name: sshUserCertificateResource.name,
  section: "§2.15, §4.9",
  refresh: { by: "pages" },
  idForm: prefixed(ID_PREFIXES.sshUserCertificates),
  createSchema: SshUserCertificateCreateParams,
  updateSchema: SshUserCertificateUpdateParams,
  defaults: {
    description: "",
    metadata: "",
    principals: [],
    criticalOptions: {},
    extensions: SERVER_CHOSEN,
    validAfter: SERVER_CHOSEN,
    validUntil: SERVER_CHOSEN,
  },
  fieldTypes: { publicKey: "publicKey", principals: "set", validAfter: "timestamp", validUntil: "timestamp" },
  outputs: sshUserCertificateResource.outputs,
  api: (client) => client.sshUserCertificates,
  export: { label: (o) => (o.principals?.length ? `user-${o.principals[0]}` : undefined) },
};
