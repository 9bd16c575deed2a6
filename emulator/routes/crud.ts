/** The five standard operations of §4.1, shared by every kind that has them. */
import type { ApiRequest, Route } from "../http/router";
import { listPage, PAGE_PARAMS } from "../http/pagination";
import type { BaseRecord, KindDef } from "../state/store";

/** Absolute URI of one resource of a kind. */
export function resourceUri(baseUrl: string, kind: KindDef<BaseRecord>, id: string): string {
  return `${baseUrl}${kind.path}/${id}`;
}

/** A `Ref` object: `{id, uri}`. */
export function ref(baseUrl: string, kind: KindDef<BaseRecord>, id: string): { id: string; uri: string } {
  return { id, uri: resourceUri(baseUrl, kind, id) };
}

export interface CrudSpec<R extends BaseRecord> {
  kind: KindDef<R>;
  /** Key of the item array in list bodies, e.g. `keys`. */
  listKey: string;
  /** Wire representation of a record. */
  render(record: R, baseUrl: string): unknown;
  /** Validate and create; returns the 201 body (API keys add their one-time token). */
  create(req: ApiRequest): unknown;
  /** Validate and apply a PATCH; returns the changed record. */
  update(req: ApiRequest, id: string): R;
  /** Delete with the kind's own checks (e.g. still in use → CONFLICT); default: remove, 404 if missing. */
  remove?(req: ApiRequest, id: string): void;
}

export function crudRoutes<R extends BaseRecord>(spec: CrudSpec<R>): Route[] {
  const { kind, render } = spec;
  const item = `${kind.path}/{id}`;
  return [
    { method: "POST", path: kind.path, handle: (req) => ({ status: 201, body: spec.create(req) }) },
    {
      method: "GET",
      path: kind.path,
      query: PAGE_PARAMS,
      handle: (req) => {
        const collection = req.store.collection(kind);
        const url = `${req.baseUrl}${kind.path}`;
        return { status: 200, body: listPage(collection, req.query, url, spec.listKey, (r) => render(r, req.baseUrl)) };
      },
    },
    {
      method: "GET",
      path: item,
      handle: (req) => ({ status: 200, body: render(req.store.collection(kind).require(req.params.id), req.baseUrl) }),
    },
    {
      method: "PATCH",
      path: item,
      handle: (req) => ({ status: 200, body: render(spec.update(req, req.params.id), req.baseUrl) }),
    },
    {
      method: "DELETE",
      path: item,
      handle: (req) => {
        if (spec.remove) spec.remove(req, req.params.id);
        else req.store.collection(kind).remove(req.params.id);
        return { status: 204 };
      },
    },
  ];
}
