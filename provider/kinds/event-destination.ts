import type * as pulumi from "@pulumi/pulumi";
import {
  EventDestinationCreateParams,
  EventDestinationUpdateParams,
  type EventDestination as EventDestinationObject,
  eventDestinationsIdPrefix,
} from "../../sdk/resources/event-destination";
import { prefixed } from "../framework/ids";
import { COMMON_FIELDS, within, declareKind } from "../framework/kind";
import type * as sdk from "../../sdk/types";

/** @internal */
export const eventDestinationKind = declareKind<EventDestinationObject>({
  name: "EventDestination",
  doc: "Where events go; does nothing until an event subscription names it. `target` is stored as a secret.",
  fields: {
    target: {
      input: {
        type: "EventTargetArgs",
        doc: "Where events go: exactly one member set. Holds credentials: stored whole as a secret.",
        required: true,
      },
      default: within({ monitoring: within({ tags: "", service: "", site: "" }) }),
      type: "EventTarget",
      doc: "Secret. The target as the service reports it, credentials included.",
      secret: true,
    },
    format: {
      input: { doc: "`json`, the only format (and the default)." },
      default: "json",
      type: "EventFormat",
      doc: "How events are serialized: `json`.",
    },
    description: COMMON_FIELDS.description,
    metadata: COMMON_FIELDS.metadata,
    uri: { type: "string", doc: "The destination's API URI." },
    createdAt: COMMON_FIELDS.createdAt,
  },
  section: "§2.21, §4.12",
  refresh: { by: "pages" },
  idForm: prefixed(eventDestinationsIdPrefix),
  createSchema: EventDestinationCreateParams,
  updateSchema: EventDestinationUpdateParams,
  // The target holds credentials (secret access keys, the monitoring API key): kept whole as a secret.
  credentials: ["target.*.auth.creds.secretAccessKey", "target.monitoring.apiKey"],
  api: (client) => client.eventDestinations,
  export: { label: (o) => Object.keys(o.target ?? {}).find((k) => o.target[k] != null) },
});

/** Exactly one member. */
export interface EventAuthArgs {
  /** A role the service assumes. */
  role?: pulumi.Input<{ roleResourceName: pulumi.Input<string> }>;
  /** Long-term access keys; `secretAccessKey` is a credential (the whole target is stored as a secret). */
  creds?: pulumi.Input<{ accessKeyId: pulumi.Input<string>; secretAccessKey: pulumi.Input<string> }>;
}

/** Exactly one member. */
export interface EventTargetArgs {
  /** A managed delivery-stream service. */
  delivery?: pulumi.Input<{ auth: pulumi.Input<EventAuthArgs>; deliveryStreamResourceName: pulumi.Input<string> }>;
  /** A managed data-stream service. */
  stream?: pulumi.Input<{ auth: pulumi.Input<EventAuthArgs>; streamResourceName: pulumi.Input<string> }>;
  /** A managed log-group service. */
  logs?: pulumi.Input<{ auth: pulumi.Input<EventAuthArgs>; logGroupResourceName: pulumi.Input<string> }>;
  /** A monitoring vendor: `apiKey` is a credential; `tags`, `service` (a service name) and `site` (where to send) default to "". */
  monitoring?: pulumi.Input<{
    apiKey: pulumi.Input<string>;
    tags?: pulumi.Input<string>;
    service?: pulumi.Input<string>;
    site?: pulumi.Input<string>;
  }>;
}

/** An `auth` as the service reports it: the member not in use is null. */
export interface EventAuth {
  role: { roleResourceName: string } | null;
  creds: { accessKeyId: string; secretAccessKey: string } | null;
}

/** A target as the service reports it: every member, those not in use null. */
export interface EventTarget {
  delivery: { auth: EventAuth; deliveryStreamResourceName: string } | null;
  stream: { auth: EventAuth; streamResourceName: string } | null;
  logs: { auth: EventAuth; logGroupResourceName: string } | null;
  monitoring: { apiKey: string; tags: string; service: string; site: string } | null;
}

/** How events are serialized. */
export type EventFormat = sdk.EventFormat;
