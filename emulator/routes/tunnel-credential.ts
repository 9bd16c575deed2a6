import { createTunnelCredential, tunnelCredentials, updateTunnelCredential, type TunnelCredentialRecord } from "../state/tunnel-credential";
import { crudRoutes, resourceUri } from "./crud";

/** The SSH credential's field order (§2.13) with `token` where an API key has it; non-null only in the create answer. */
function render(record: TunnelCredentialRecord, baseUrl: string, token: string | null = null) {
  return {
    id: record.id,
    uri: resourceUri(baseUrl, tunnelCredentials, record.id),
    created_at: record.created_at,
    description: record.description,
    metadata: record.metadata,
    token,
    acl: record.acl,
    owner_id: record.owner_id,
  };
}

export const tunnelCredentialOperations = crudRoutes({
  kind: tunnelCredentials,
  listKey: "credentials",
  render: (record, baseUrl) => render(record, baseUrl),
  create: (req) => {
    const { record, token } = createTunnelCredential(req.store, req.principal, req.body);
    return render(record, req.baseUrl, token);
  },
  update: (req, id) => updateTunnelCredential(req.store, id, req.body),
});
