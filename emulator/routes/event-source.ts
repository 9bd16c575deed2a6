import type { Route } from "../http/router";
import { addEventSource, getEventSource, listEventSources, removeEventSource, updateEventSource } from "../state/event-source";
import { eventSubscriptions, renderSource, sourcesUri } from "../state/event-subscription";

const SOURCES = `${eventSubscriptions.path}/{subscription_id}/sources`;

/** §4.13: create, get, list (no paging: `{sources, uri}`), update (`{}` only), delete. */
export const eventSourceOperations: Route[] = [
  {
    method: "POST",
    path: SOURCES,
    handle: (req) => {
      const id = req.params.subscription_id;
      const type = addEventSource(req.store.collection(eventSubscriptions), id, req.body);
      return { status: 201, body: renderSource(req.baseUrl, id, type) };
    },
  },
  {
    method: "GET",
    path: SOURCES,
    handle: (req) => {
      const id = req.params.subscription_id;
      const types = listEventSources(req.store.collection(eventSubscriptions), id);
      return { status: 200, body: { sources: types.map((type) => renderSource(req.baseUrl, id, type)), uri: sourcesUri(req.baseUrl, id) } };
    },
  },
  {
    method: "GET",
    path: `${SOURCES}/{type}`,
    handle: (req) => {
      const { subscription_id: id, type } = req.params;
      getEventSource(req.store.collection(eventSubscriptions), id, type);
      return { status: 200, body: renderSource(req.baseUrl, id, type) };
    },
  },
  {
    method: "PATCH",
    path: `${SOURCES}/{type}`,
    handle: (req) => {
      const { subscription_id: id, type } = req.params;
      updateEventSource(req.store.collection(eventSubscriptions), id, type, req.body);
      return { status: 200, body: renderSource(req.baseUrl, id, type) };
    },
  },
  {
    method: "DELETE",
    path: `${SOURCES}/{type}`,
    handle: (req) => {
      const { subscription_id: id, type } = req.params;
      removeEventSource(req.store.collection(eventSubscriptions), id, type);
      return { status: 204 };
    },
  },
];
