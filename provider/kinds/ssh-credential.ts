import { ID_PREFIXES } from "../../sdk/core/id-prefixes";
import {
  SshCredentialCreateParams,
  SshCredentialUpdateParams,
  type SshCredential as SshCredentialObject,
} from "../../sdk/resources/ssh-credential";
import { prefixed } from "../framework/ids";
import { SERVER_CHOSEN, type KindSpec } from "../framework/kind";
import { sshCredentialResource } from "../resources/ssh-credential";

/** @internal */
export const sshCredentialKind: KindSpec<SshCredentialObject> = {
  name: sshCredentialResource.name,
  section: "§2.13, §4.9",
  refresh: { by: "pages" },
  idForm: prefixed(ID_PREFIXES.sshCredentials),
  createSchema: SshCredentialCreateParams,
  updateSchema: SshCredentialUpdateParams,
  defaults: { description: "", metadata: "", acl: [], ownerId: SERVER_CHOSEN },
  // Any rule permits: the ACL is a set.
  fieldTypes: { publicKey: "publicKey", acl: "set" },
  outputs: sshCredentialResource.outputs,
  api: (client) => client.sshCredentials,
};
