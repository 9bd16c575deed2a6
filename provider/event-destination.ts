import * as pulumi from "@pulumi/pulumi";
import {
  ID_PREFIXES,
  EventDestinationCreateParams,
  EventDestinationUpdateParams,
  type EventDestination as EventDestinationObject,
} from "../sdk";
import { within, type KindSpec } from "./framework/kind";
import { prefixed } from "./framework/ids";
import { EdgeIngressResource, type AdoptArgs } from "./framework/resource";

/** @internal */
export const eventDestinationKind: KindSpec<EventDestinationObject> = {
  name: "EventDestination",
  section: "§2.21, §4.12",
  idForm: prefixed(ID_PREFIXES.eventDestinations),
  createSchema: EventDestinationCreateParams,
  updateSchema: EventDestinationUpdateParams,
  defaults: {
    description: "",
    metadata: "",
    format: "json",
    target: within({ monitoring: within({ tags: "", service: "", site: "" }) }),
  },
  outputs: ["uri", "createdAt"],
  // The target holds credentials (secret access keys, the monitoring API key): kept whole as a secret.
  secretInputs: ["target"],
  credentials: ["target.*.auth.creds.secretAccessKey", "target.monitoring.apiKey"],
  api: (client) => client.eventDestinations,
  export: { label: (o) => Object.keys(o.target ?? {}).find((k) => o.target[k] != null) },
};

export interface EventAuthArgs {
  /** A role the service assumes. */
  role?: pulumi.Input<{ roleResourceName: pulumi.Input<string> }>;
  /** Long-term access keys. */
  creds?: pulumi.Input<{ accessKeyId: pulumi.Input<string>; secretAccessKey: pulumi.Input<string> }>;
}

/** Exactly one member. */
export interface EventTargetArgs {
  delivery?: pulumi.Input<{ auth: pulumi.Input<EventAuthArgs>; deliveryStreamResourceName: pulumi.Input<string> }>;
  stream?: pulumi.Input<{ auth: pulumi.Input<EventAuthArgs>; streamResourceName: pulumi.Input<string> }>;
  logs?: pulumi.Input<{ auth: pulumi.Input<EventAuthArgs>; logGroupResourceName: pulumi.Input<string> }>;
  monitoring?: pulumi.Input<{
    apiKey: pulumi.Input<string>;
    tags?: pulumi.Input<string>;
    service?: pulumi.Input<string>;
    site?: pulumi.Input<string>;
  }>;
}

export interface EventDestinationArgs extends AdoptArgs {
  target: pulumi.Input<EventTargetArgs>;
  /** `json`, the only format (and the default). */
  format?: pulumi.Input<"json">;
  description?: pulumi.Input<string>;
  metadata?: pulumi.Input<string>;
}

/** Where events go; does nothing until an event subscription names it. `target` is stored as a secret. */
export class EventDestination extends EdgeIngressResource {
  declare readonly target: pulumi.Output<EventTargetArgs>;
  declare readonly format: pulumi.Output<string>;
  declare readonly description: pulumi.Output<string>;
  declare readonly metadata: pulumi.Output<string>;
  declare readonly uri: pulumi.Output<string>;
  declare readonly createdAt: pulumi.Output<string>;

  constructor(name: string, args: EventDestinationArgs, opts?: pulumi.CustomResourceOptions);
  /** @internal `get`: no args, an id. */
  constructor(name: string, args: undefined, opts: pulumi.CustomResourceOptions);
  constructor(name: string, args: EventDestinationArgs | undefined, opts?: pulumi.CustomResourceOptions) {
    super(eventDestinationKind, name, args, opts);
  }

  static get(name: string, id: pulumi.Input<string>, opts?: pulumi.CustomResourceOptions): EventDestination {
    return new EventDestination(name, undefined, { ...opts, id });
  }
}
