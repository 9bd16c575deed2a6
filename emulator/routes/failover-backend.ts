import { createFailoverBackend, failoverBackends, updateFailoverBackend, type FailoverBackendRecord } from "../state/failover-backend";
import { crudRoutes, resourceUri, specAnswer } from "./crud";

/** §2.11 fields; `backends` is the stored list, also after a PATCH that did not send it (unless `updateAnswers` is `spec`). */
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

export const failoverBackendOperations = crudRoutes({
  kind: failoverBackends,
  listKey: "backends",
  render,
  create: (req) => render(createFailoverBackend(req.store, req.body), req.baseUrl),
  // Only the answer shows the spec's empty list; the stored record keeps its backends.
  update: (req, id) => specAnswer(req, updateFailoverBackend(req.store, id, req.body), []),
});
