import { z } from "zod";
import * as fields from "../../sdk/core/fields";
import { EventType, type EventSource as EventSourceObject } from "../../sdk/resources/event-source";
import { eventSubscriptionsIdPrefix } from "../../sdk/resources/event-subscription";
import type { EdgeIngress } from "../../sdk/client";
import type * as sdk from "../../sdk/types";
import { compositeId, prefixed } from "../framework/ids";
import { type IdForm, type KindApi, declareKind } from "../framework/kind";

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
  subscriptionId: fields.idWithPrefix(eventSubscriptionsIdPrefix),
  type: EventType,
});

/** @internal */
export const eventSourceKind = declareKind<SourceObject>({
  name: "EventSource",
  doc: "One event type that triggers a subscription. Changing either field replaces it (delete first).",
  getDoc: "Reads an existing source; `id` is `<subscription id>/<type>`.",
  fields: {
    subscriptionId: {
      input: { required: true },
      type: "string",
      doc: "The event subscription (`esb_`); replace on change (deleting first).",
    },
    type: {
      input: { doc: "An event type such as `ip_policy_updated.v0`; replace on change (deleting first).", required: true },
      type: "EventTypeName",
      doc: "The event type; replace on change (deleting first).",
    },
    uri: { type: "string", doc: "The source's API URI." },
  },
  section: "§2.22, §4.13",
  // One request lists a subscription's sources (no pages, §4.13): it answers each of them.
  refresh: { by: "parent" },
  idForm: eventType,
  parent: {
    kind: "EventSubscription",
    idForm: prefixed(eventSubscriptionsIdPrefix),
    key: "subscriptionId",
    nested: {
      own: "type",
      listIn: async (client, sub) => (await client.eventSources.list(sub.id).toArray()).map((s) => ({ ...s, subscriptionId: sub.id })),
    },
  },
  createSchema: EventSourceResourceParams,
  updateSchema: z.strictObject({}),
  // One source per type per subscription: a replacement must delete the old one first.
  unique: ["subscriptionId", "type"],
  api: sourcesApi,
  export: { label: (o, nameOf) => `${nameOf(o.subscriptionId) ?? "subscription"}-${o.type}` },
  listFor: async (client, { subscriptionId }) =>
    (await client.eventSources.list(subscriptionId).toArray()).map((s) => withId(subscriptionId, s)),
});

/** The resources whose changes raise events: the sdk's event types', less the change. */
export type EventResourceName = sdk.EventType extends infer T ? (T extends `${infer R}_created.v0` ? R : never) : never;

/** Every event type the service documents: `<resource>_{created,updated,deleted}.v0`. */
export type EventTypeName = sdk.EventType;
