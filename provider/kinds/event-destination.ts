import {
  EventDestinationCreateParams,
  EventDestinationUpdateParams,
  type EventDestination as EventDestinationObject,
} from "../../sdk/resources/event-destination";
import { ID_PREFIXES } from "../../sdk/core/id-prefixes";
import { prefixed } from "../framework/ids";
import { within, type KindSpec } from "../framework/kind";
import { eventDestinationResource } from "../resources/event-destination";

/** @internal */
export const eventDestinationKind: KindSpec<EventDestinationObject> = {
  name: eventDestinationResource.name,
  section: "§2.21, §4.12",
  refresh: { by: "pages" },
  idForm: prefixed(ID_PREFIXES.eventDestinations),
  createSchema: EventDestinationCreateParams,
  updateSchema: EventDestinationUpdateParams,
  defaults: {
    description: "",
    metadata: "",
    format: "json",
    target: within({ monitoring: within({ tags: "", service: "", site: "" }) }),
  },
  outputs: eventDestinationResource.outputs,
  // The target holds credentials (secret access keys, the monitoring API key): kept whole as a secret.
  secretInputs: eventDestinationResource.secretInputs,
  credentials: ["target.*.auth.creds.secretAccessKey", "target.monitoring.apiKey"],
  api: (client) => client.eventDestinations,
  export: { label: (o) => Object.keys(o.target ?? {}).find((k) => o.target[k] != null) },
};
