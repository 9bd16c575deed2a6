/** The module operations GET/PUT/DELETE …/{module} (§4.1.7), shared by every edge kind and HTTPS edge routes. */
import type { ApiRequest, Route } from "../http/router";
import type { ModuleSet } from "../state/module-shapes";
import { deleteModule, getModule, putModule, renderModule, type ModularRecord } from "../state/modules";
import type { Collection } from "../state/store";

/** The record a module operation acts on, found from the request (404 when missing). */
export interface ModuleOwner<R extends ModularRecord> {
  collection: Collection<R>;
  record: R;
  label: string;
}

/** GET, PUT and DELETE `<itemPath>/<module>` for every module of the set. */
export function moduleRoutes<R extends ModularRecord>(
  itemPath: string,
  set: ModuleSet,
  find: (req: ApiRequest) => ModuleOwner<R>,
): Route[] {
  return set.names.flatMap((name): Route[] => {
    const path = `${itemPath}/${name}`;
    const respond = (req: ApiRequest, owner: ModuleOwner<R>, record: R) => {
      const ctx = { baseUrl: req.baseUrl, store: req.store, ownerId: record.id };
      return { status: 200, body: renderModule(name, getModule(owner.label, record, name), ctx) };
    };
    return [
      {
        method: "GET",
        path,
        handle: (req) => {
          const owner = find(req);
          return respond(req, owner, owner.record);
        },
      },
      {
        method: "PUT",
        path,
        handle: (req) => {
          const owner = find(req);
          return respond(req, owner, putModule(req.store, owner.collection, owner.record, set, name, req.body));
        },
      },
      {
        method: "DELETE",
        path,
        handle: (req) => {
          const { collection, record, label } = find(req);
          deleteModule(label, collection, record, name);
          return { status: 204 };
        },
      },
    ];
  });
}
