/** The standard operations of §4.1 (and a kind's module operations), served from its rules. */
import type { Route } from "../http/router";
import { listPage, PAGE_PARAMS } from "../http/pagination";
import type { ModularRecord } from "../state/modules";
import type { BaseRecord, Collection } from "../state/store";
import type { KindRules } from "../state/rules";
import { deleteRecord } from "../state/validation";
import { moduleRoutes } from "./modules";

/**
 * Create, list, get, update and delete, and GET/PUT/DELETE of each module; a read-only kind (no create
 * or update) gets list and get only. The kind must say how it is shown (`render`) and listed (`listKey`).
 */
export function kindRoutes<R extends BaseRecord>(kind: KindRules<R>): Route[] {
  const { render, listKey, create, update, modules } = kind;
  if (!render || !listKey) throw new Error(`the ${kind.label} rules lack render or listKey: give the kind its own routes module`);
  const item = `${kind.path}/{id}`;
  const routes: Route[] = [
    {
      method: "GET",
      path: kind.path,
      query: PAGE_PARAMS,
      handle: (req) => {
        const collection = req.store.collection(kind);
        const url = `${req.baseUrl}${kind.path}`;
        return { status: 200, body: listPage(collection, req.query, url, listKey, (r) => render(r, req.baseUrl, req.store)) };
      },
    },
    {
      method: "GET",
      path: item,
      handle: (req) => ({ status: 200, body: render(req.store.collection(kind).require(req.params.id), req.baseUrl, req.store) }),
    },
  ];
  if (!create || !update) return routes;
  return [
    { method: "POST", path: kind.path, handle: (req) => ({ status: 201, body: create(req) }) },
    ...routes,
    { method: "PATCH", path: item, handle: (req) => ({ status: 200, body: render(update(req, req.params.id), req.baseUrl, req.store) }) },
    {
      method: "DELETE",
      path: item,
      handle: (req) => {
        deleteRecord(req.store, kind, req.params.id);
        return { status: 204 };
      },
    },
    ...(modules
      ? moduleRoutes(item, modules, (req) => {
          // A kind with modules keeps them in its records (ModularRecord).
          const collection = req.store.collection(kind) as unknown as Collection<ModularRecord>;
          return { collection, record: collection.require(req.params.id), label: kind.label };
        })
      : []),
  ];
}
