/** What the three edge kinds share over HTTP: the §4.1 operations, the module operations and the common fields. */
import type { Route } from "../http/router";
import { createEdge, updateEdge, type EdgeKind, type EdgeRecord } from "../state/edges";
import type { Store } from "../state/store";
import { crudRoutes, resourceUri } from "./crud";
import { moduleRoutes, renderModules } from "./modules";

/** `tail` adds the kind's last fields (`policies`, `routes`). */
export function edgeKindRoutes(
  edge: EdgeKind,
  listKey: string,
  tail: (record: EdgeRecord, baseUrl: string, store: Store) => Record<string, unknown>,
): Route[] {
  const render = (record: EdgeRecord, baseUrl: string, store: Store) => ({
    id: record.id,
    description: record.description,
    metadata: record.metadata,
    created_at: record.created_at,
    uri: resourceUri(baseUrl, edge, record.id),
    hostports: record.hostports,
    ...renderModules(edge.modules, record, baseUrl, store),
    ...tail(record, baseUrl, store),
  });
  return [
    ...crudRoutes({
      kind: edge,
      listKey,
      render,
      create: (req) => render(createEdge(req.store, edge, req.body), req.baseUrl, req.store),
      update: (req, id) => updateEdge(req.store, edge, id, req.body),
    }),
    ...moduleRoutes(`${edge.path}/{id}`, edge.modules, (req) => {
      const collection = req.store.collection(edge);
      return { collection, record: collection.require(req.params.id), label: edge.label };
    }),
  ];
}
