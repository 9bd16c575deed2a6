/** The five standard operations of §4.1, shared by every kind that has them. */
import type { ApiRequest, Route } from "../http/router";
import { listPage, PAGE_PARAMS } from "../http/pagination";
import type { BaseRecord, KindRules, Store } from "../state/store";
import { deleteRecord } from "../state/validation";

/** Absolute URI of one resource of a kind. */
export function resourceUri(baseUrl: string, kind: KindRules<BaseRecord>, id: string): string {
  return `${baseUrl}${kind.path}/${id}`;
}

export interface Ref {
  id: string;
  uri: string;
}

/** A `Ref` object: `{id, uri}`. */
export function ref(baseUrl: string, kind: KindRules<BaseRecord>, id: string): Ref {
  return { id, uri: resourceUri(baseUrl, kind, id) };
}

/** A Ref to an id of any kind, found by its prefix (the record need not still exist). */
export function refById(baseUrl: string, store: Store, id: string): Ref {
  const kind = store.kindOf(id);
  if (!kind) throw new Error(`no kind has the prefix of ${id}`); // ids are checked before they are stored
  return ref(baseUrl, kind, id);
}

/**
 * With `updateAnswers: "spec"`, a backend PATCH that did not send `backends` answers them empty, as the
 * spec's samples show (§2.10, §2.11); a copy, so the stored record is untouched.
 */
export function specAnswer<R extends BaseRecord & { backends: unknown }>(req: ApiRequest, record: R, empty: R["backends"]): R {
  return req.updateAnswers === "spec" && !Object.hasOwn(req.body, "backends") ? { ...record, backends: empty } : record;
}

export interface CrudRouteOptions<R extends BaseRecord> {
  kind: KindRules<R>;
  /** Key of the item array in list bodies, e.g. `keys`. */
  listKey: string;
  /** Wire representation of a record (the store for kinds that show related records). */
  render(record: R, baseUrl: string, store: Store): unknown;
  /** Validate and create; returns the 201 body (API keys add their one-time token). Absent: read-only kind. */
  create?(req: ApiRequest): unknown;
  /** Validate and apply a PATCH; returns the changed record. Absent: read-only kind. */
  update?(req: ApiRequest, id: string): R;
}

/** Create, list, get, update and delete; a read-only kind (no create or update) gets list and get only. */
export function crudRoutes<R extends BaseRecord>(options: CrudRouteOptions<R>): Route[] {
  const { kind, render, create, update } = options;
  const item = `${kind.path}/{id}`;
  const routes: Route[] = [
    {
      method: "GET",
      path: kind.path,
      query: PAGE_PARAMS,
      handle: (req) => {
        const collection = req.store.collection(kind);
        const url = `${req.baseUrl}${kind.path}`;
        return { status: 200, body: listPage(collection, req.query, url, options.listKey, (r) => render(r, req.baseUrl, req.store)) };
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
  ];
}
