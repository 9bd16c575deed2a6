import {
  EventSubscriptionCreateParams,
  EventSubscriptionUpdateParams,
  type EventSubscription as EventSubscriptionObject,
} from "../sdk/resources/event-subscription";
import { ID_PREFIXES } from "../sdk/core/id-prefixes";
import { prefixed } from "./framework/ids";
import type { KindSpec } from "./framework/kind";
import { eventSubscriptionResource } from "./resources/event-subscription";

/** @internal */
export const eventSubscriptionKind: KindSpec<EventSubscriptionObject> = {
  name: eventSubscriptionResource.name,
  section: "§6 (extension)",
  refresh: { by: "pages" },
  idForm: prefixed(ID_PREFIXES.eventSubscriptions),
  // Sources are EventSource resources of their own, so they can change without replacing this.
  createSchema: EventSubscriptionCreateParams.omit({ sources: true }),
  updateSchema: EventSubscriptionUpdateParams,
  defaults: { description: "", metadata: "" },
  fieldTypes: { destinationIds: "set" },
  outputs: eventSubscriptionResource.outputs,
  api: (client) => client.eventSubscriptions,
  fromApi: (obj) => ({ destinationIds: obj.destinations.map((ref) => ref.id) }),
};
