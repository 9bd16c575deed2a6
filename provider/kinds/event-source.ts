import { z } from "zod";
import * as fields from "../../sdk/core/fields";
import { EventType, type EventSource as EventSourceObject } from "../../sdk/resources/event-source";
import { ID_PREFIXES } from "../../sdk/core/id-prefixes";
import type { EdgeIngress } from "../../sdk/client";
import { eventSubscriptionKind } from "./event-subscription";
import { compositeId } from "../framework/ids";
import type { IdForm, KindApi, KindSpec } from "../framework/kind";
import { eventSourceResource } from "../resources/event-source";

/** A source has no id of its own: it is its type within a subscription, `<subscription id>/<type>`. */
const splitId = compositeId.split;
// The shape, not the documented list: a source of a type the service added since is still adoptable.
const eventType: IdForm = { shown: "<event type>", test: (type) => /^[a-z0-9_]+\.v[0-9]+$/.test(type) };

type SourceObject = EventSourceObject & { id: string; subscriptionId: string };
const withId = (subscriptionId: string, source: EventSourceObject): SourceObject => ({
  ...source,
  id: compositeId.join(subscriptionId, source.type),
  subscriptionId,
});

function sourcesApi(client: EdgeIngress): KindApi<SourceObject> {
  const get = async (id: string) => {
    const [subscriptionId, type] = splitId(id);
    return withId(subscriptionId, await client.eventSources.get(subscriptionId, type));
  };
  return {
    create: async ({ subscriptionId, type }, options) =>
      withId(subscriptionId, await client.eventSources.create(subscriptionId, { type }, options)),
    get,
    // Nothing about a source can change.
    update: get,
    delete: (id) => client.eventSources.delete(...splitId(id)),
  };
}

const EventSourceResourceParams = fields.params({
  subscriptionId: fields.idWithPrefix(ID_PREFIXES.eventSubscriptions),
  type: EventType,
});

/** @internal */
export const eventSourceKind: KindSpec<SourceObject> = {
  name: eventSourceResource.name,
  section: "§2.22, §4.13",
  // One request lists a subscription's sources (no pages, §4.13): it answers each of them.
  refresh: { by: "parent" },
  idForm: eventType,
  parent: {
    spec: eventSubscriptionKind,
    key: "subscriptionId",
    nested: {
      own: "type",
      listIn: async (client, sub) => (await client.eventSources.list(sub.id).toArray()).map((s) => ({ ...s, subscriptionId: sub.id })),
    },
  },
  createSchema: EventSourceResourceParams,
  updateSchema: z.strictObject({}),
  defaults: {},
  outputs: eventSourceResource.outputs,
  // One source per type per subscription: a replacement must delete the old one first.
  unique: ["subscriptionId", "type"],
  api: sourcesApi,
  export: { label: (o, nameOf) => `${nameOf(o.subscriptionId) ?? "subscription"}-${o.type}` },
  listFor: async (client, { subscriptionId }) =>
    (await client.eventSources.list(subscriptionId).toArray()).map((s) => withId(subscriptionId, s)),
};
