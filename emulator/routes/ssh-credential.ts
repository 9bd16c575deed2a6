import { createSshCredential, sshCredentials, updateSshCredential, type SshCredentialRecord } from "../state/ssh-credential";
import { crudRoutes, resourceUri } from "./crud";

/** §2.13 field order. */
function render(record: SshCredentialRecord, baseUrl: string) {
  return {
    id: record.id,
    uri: resourceUri(baseUrl, sshCredentials, record.id),
    created_at: record.created_at,
    description: record.description,
    metadata: record.metadata,
    public_key: record.public_key,
    acl: record.acl,
    owner_id: record.owner_id,
  };
}

export const sshCredentialOperations = crudRoutes({
  kind: sshCredentials,
  listKey: "ssh_credentials",
  render,
  create: (req) => render(createSshCredential(req.store, req.principal, req.body), req.baseUrl),
  update: (req, id) => updateSshCredential(req.store, id, req.body),
});
