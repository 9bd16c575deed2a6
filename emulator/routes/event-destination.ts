import { createEventDestination, eventDestinations, updateEventDestination, type EventDestinationRecord } from "../state/event-destination";
import { crudRoutes, resourceUri } from "./crud";

/** §2.21 field order; the target is stored in its response form (unset members null). */
function render(record: EventDestinationRecord, baseUrl: string) {
  return {
    id: record.id,
    uri: resourceUri(baseUrl, eventDestinations, record.id),
    metadata: record.metadata,
    created_at: record.created_at,
    description: record.description,
    format: record.format,
    target: record.target,
  };
}

export const eventDestinationOperations = crudRoutes({
  kind: eventDestinations,
  listKey: "event_destinations",
  render,
  create: (req) => render(createEventDestination(req.store, req.body), req.baseUrl),
  update: (req, id) => updateEventDestination(req.store, id, req.body),
});
