import {
  createTunnelGroupBackend,
  tunnelGroupBackends,
  updateTunnelGroupBackend,
  type TunnelGroupBackendRecord,
} from "../state/tunnel-group-backend";
import { crudRoutes, resourceUri } from "./crud";

/** §2.9 fields; tunnels are not modelled, so none ever match. */
function render(record: TunnelGroupBackendRecord, baseUrl: string) {
  return {
    id: record.id,
    uri: resourceUri(baseUrl, tunnelGroupBackends, record.id),
    created_at: record.created_at,
    description: record.description,
    metadata: record.metadata,
    labels: record.labels,
    tunnels: [],
  };
}

export const tunnelGroupBackendOperations = crudRoutes({
  kind: tunnelGroupBackends,
  listKey: "backends",
  render,
  create: (req) => render(createTunnelGroupBackend(req.store, req.body), req.baseUrl),
  update: (req, id) => updateTunnelGroupBackend(req.store, id, req.body),
});
