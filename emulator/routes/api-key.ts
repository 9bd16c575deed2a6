import { apiKeys, createApiKey, updateApiKey, type ApiKeyRecord } from "../state/api-key";
import { crudRoutes, resourceUri } from "./crud";

/** §2.2 field order; `token` is only ever non-null in the create response. */
function render(record: ApiKeyRecord, baseUrl: string, token: string | null = null) {
  return {
    id: record.id,
    uri: resourceUri(baseUrl, apiKeys, record.id),
    description: record.description,
    metadata: record.metadata,
    created_at: record.created_at,
    token,
    owner_id: record.owner_id,
  };
}

export const apiKeyOperations = crudRoutes({
  kind: apiKeys,
  listKey: "keys",
  render: (record, baseUrl) => render(record, baseUrl),
  create: (req) => {
    const { record, token } = createApiKey(req.store, req.principal, req.body);
    return render(record, req.baseUrl, token);
  },
  update: (req, id) => updateApiKey(req.store, id, req.body),
});
