import { createWeightedBackend, updateWeightedBackend, weightedBackends, type WeightedBackendRecord } from "../state/weighted-backend";
import { crudRoutes, resourceUri } from "./crud";

/** §2.10 fields; `backends` is always the stored map, also after a PATCH that did not send it. */
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

export const weightedBackendRoutes = crudRoutes({
  kind: weightedBackends,
  listKey: "backends",
  render,
  create: (req) => render(createWeightedBackend(req.store, req.body), req.baseUrl),
  update: (req, id) => updateWeightedBackend(req.store, id, req.body),
});
