import { createFailoverBackend, failoverBackends, updateFailoverBackend, type FailoverBackendRecord } from "../state/failover-backend";
import { crudRoutes, resourceUri } from "./crud";

/** §2.11 fields; `backends` is always the stored list, also after a PATCH that did not send it. */
function render(record: FailoverBackendRecord, baseUrl: string) {
  return {
    id: record.id,
    uri: resourceUri(baseUrl, failoverBackends, record.id),
    created_at: record.created_at,
    description: record.description,
    metadata: record.metadata,
    backends: record.backends,
  };
}

export const failoverBackendRoutes = crudRoutes({
  kind: failoverBackends,
  listKey: "backends",
  render,
  create: (req) => render(createFailoverBackend(req.store, req.body), req.baseUrl),
  update: (req, id) => updateFailoverBackend(req.store, id, req.body),
});
