import {
  EventSubscriptionCreateParams,
  EventSubscriptionUpdateParams,
  type EventSubscription as EventSubscriptionObject,
  eventSubscriptionsIdPrefix,
} from "../../sdk/resources/event-subscription";
import { EventType } from "../../sdk/resources/event-source";
import { ownedListSchema } from "../framework/children";
import { compositeId, prefixed } from "../framework/ids";
import { COMMON_FIELDS, declareKind } from "../framework/kind";
import { eventSourceKind } from "./event-source";

/** Inline sources: the event types, each a documented one, each once. */
const sources = ownedListSchema("sources", EventType, "type", (type) => type, "a subscription's sources", true).optional();

/** @internal */
export const eventSubscriptionKind = declareKind<EventSubscriptionObject>({
  name: "EventSubscription",
  doc: "Sends the events of its sources (inline `sources`, or EventSource resources) to its destinations.",
  fields: {
    destinationIds: {
      input: {
        type: "pulumi.Input<string>[]",
        doc: "Event destinations (`ed_`) the events go to; at least one. Compared as a set.",
        required: true,
      },
      type: "string[]",
      doc: "Event destination ids (`ed_`).",
    },
    description: COMMON_FIELDS.description,
    metadata: COMMON_FIELDS.metadata,
    sources: {
      input: {
        type: "pulumi.Input<EventTypeName>[]",
        doc: "Every source of the subscription, as event types (`ip_policy_created.v0`), when the stack owns them all: made with the subscription, added and deleted type by type on update, and read at refresh, so a source added by hand is drift and `up` deletes it. Left out (the default), the subscription's sources are never read or touched: declare EventSource resources instead where other stacks or people add sources too. Do not do both for one subscription: these would delete those (docs/provider.md, \"Owning a parent's children\").",
      },
      type: "string[] | null",
      doc: "With inline `sources`: every source's event type as the service has it (null when `sources` is left out).",
    },
    sourceIds: {
      type: "string[] | null",
      doc: "With inline `sources`: the sources' ids (`<subscription id>/<type>`), in the order of `sources`.",
    },
    uri: { type: "string", doc: "The subscription's API URI." },
    createdAt: COMMON_FIELDS.createdAt,
  },
  section: "§6 (extension)",
  refresh: { by: "pages" },
  idForm: prefixed(eventSubscriptionsIdPrefix),
  // The sdk's `sources` (objects, create only) are not the provider's: inline sources are owned
  // children (event types), applied source by source, so they change without replacing this.
  createSchema: EventSubscriptionCreateParams.omit({ sources: true }).extend({ sources }),
  updateSchema: EventSubscriptionUpdateParams.extend({ sources }),
  fieldTypes: { destinationIds: "set" },
  api: (client) => client.eventSubscriptions,
  fromApi: (obj) => ({ destinationIds: obj.destinations.map((ref) => ref.id) }),
  owns: {
    sources: {
      decl: eventSourceKind,
      key: "type",
      scalar: true,
      idsOutput: "sourceIds",
      // Each subscription in the list shows its sources: the subscriptions' pages answer every parent.
      async *listAll(client) {
        for await (const sub of client.eventSubscriptions.list())
          for (const source of sub.sources) yield { ...source, id: compositeId.join(sub.id, source.type), subscriptionId: sub.id };
      },
      parentOf: (source) => source.subscriptionId,
    },
  },
});
