import { eventDestinations } from "../state/event-destination";
import {
  createEventSubscription,
  eventSubscriptions,
  updateEventSubscription,
  type EventSubscriptionRecord,
} from "../state/event-subscription";
import { crudRoutes, ref, resourceUri } from "./crud";
import { renderSource } from "./event-source";

function render(record: EventSubscriptionRecord, baseUrl: string) {
  return {
    id: record.id,
    uri: resourceUri(baseUrl, eventSubscriptions, record.id),
    created_at: record.created_at,
    description: record.description,
    metadata: record.metadata,
    destinations: record.destination_ids.map((id) => ref(baseUrl, eventDestinations, id)),
    sources: record.source_types.map((type) => renderSource(baseUrl, record.id, type)),
  };
}

export const eventSubscriptionOperations = crudRoutes({
  kind: eventSubscriptions,
  listKey: "event_subscriptions",
  render,
  create: (req) => render(createEventSubscription(req.store, req.body), req.baseUrl),
  update: (req, id) => updateEventSubscription(req.store, id, req.body),
});
