import {
  EventSubscriptionCreateParams,
  EventSubscriptionUpdateParams,
  type EventSubscription as EventSubscriptionObject,
} from "../../sdk/resources/event-subscription";
import { EventType } from "../../sdk/resources/event-source";
import { ID_PREFIXES } from "../../sdk/core/id-prefixes";
import { ownedListSchema } from "../framework/children";
import { compositeId, prefixed } from "../framework/ids";
import type { KindSpec } from "../framework/kind";
import { kindSpec } from "./index";
import { eventSubscriptionResource } from "../resources/event-subscription";

/** Inline sources: the event types, each a documented one, each once. */
const sources = ownedListSchema("sources", EventType, "type", (type) => type, "a subscription's sources", true).optional();

/** @internal */
export const eventSubscriptionKind: KindSpec<EventSubscriptionObject> = {
  name: eventSubscriptionResource.name,
  section: "§6 (extension)",
  refresh: { by: "pages" },
  idForm: prefixed(ID_PREFIXES.eventSubscriptions),
  // The sdk's `sources` (objects, create only) are not the provider's: inline sources are owned
  // children (event types), applied source by source, so they change without replacing this.
  createSchema: EventSubscriptionCreateParams.omit({ sources: true }).extend({ sources }),
  updateSchema: EventSubscriptionUpdateParams.extend({ sources }),
  defaults: { description: "", metadata: "" },
  fieldTypes: { destinationIds: "set" },
  outputs: eventSubscriptionResource.outputs,
  api: (client) => client.eventSubscriptions,
  fromApi: (obj) => ({ destinationIds: obj.destinations.map((ref) => ref.id) }),
  owns: {
    sources: {
      // A getter: the source kind names this one as its parent.
      get spec() {
        return kindSpec("EventSource");
      },
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
};
