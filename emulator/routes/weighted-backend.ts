import { createWeightedBackend, updateWeightedBackend, weightedBackends, type WeightedBackendRecord } from "../state/weighted-backend";
import { crudRoutes, resourceUri, specAnswer } from "./crud";

/** §2.10 fields; `backends` is the stored map, also after a PATCH that did not send it (unless `updateAnswers` is `spec`). */
function render(record: WeightedBackendRecord, baseUrl: string) {
  return {
    id: record.id,
    uri: resourceUri(baseUrl, weightedBackends, record.id),
    created_at: record.created_at,
    description: record.description,
    metadata: record.metadata,
    backends: record.backends,
  };
}

export const weightedBackendOperations = crudRoutes({
  kind: weightedBackends,
  listKey: "backends",
  render,
  create: (req) => render(createWeightedBackend(req.store, req.body), req.baseUrl),
  // Only the answer shows the spec's empty map; the stored record keeps its backends.
  update: (req, id) => specAnswer(req, updateWeightedBackend(req.store, id, req.body), {}),
});
