import * as pulumi from "@pulumi/pulumi";
import {
  ID_PREFIXES,
  EventSubscriptionCreateParams,
  EventSubscriptionUpdateParams,
  type EventSubscription as EventSubscriptionObject,
} from "../sdk";
import type { KindSpec } from "./framework/kind";
import { prefixed } from "./framework/ids";
import { EdgeIngressResource, type GetOptions, type AdoptArgs } from "./framework/resource";

/** @internal */
export const eventSubscriptionKind: KindSpec<EventSubscriptionObject> = {
  name: "EventSubscription",
  section: "§6 (extension)",
  idForm: prefixed(ID_PREFIXES.eventSubscriptions),
  // Sources are EventSource resources of their own, so they can change without replacing this.
  createSchema: EventSubscriptionCreateParams.omit({ sources: true }),
  updateSchema: EventSubscriptionUpdateParams,
  defaults: { description: "", metadata: "" },
  fieldTypes: { destinationIds: "set" },
  outputs: ["uri", "createdAt"],
  api: (client) => client.eventSubscriptions,
  fromApi: (obj) => ({ destinationIds: obj.destinations.map((ref) => ref.id) }),
};

export interface EventSubscriptionArgs extends AdoptArgs {
  /** Event destinations (`ed_`) the events go to; at least one. Compared as a set. */
  destinationIds: pulumi.Input<pulumi.Input<string>[]>;
  /** Human-readable, at most 255 bytes. Default "". */
  description?: pulumi.Input<string>;
  /** Arbitrary user data, at most 4096 bytes. Default "". */
  metadata?: pulumi.Input<string>;
}

/** Sends the events of its sources (EventSource resources) to its destinations. */
export class EventSubscription extends EdgeIngressResource {
  /** Event destination ids (`ed_`). */
  declare readonly destinationIds: pulumi.Output<string[]>;
  /** Human-readable. */
  declare readonly description: pulumi.Output<string>;
  /** Arbitrary user data. */
  declare readonly metadata: pulumi.Output<string>;
  /** The subscription's API URI. */
  declare readonly uri: pulumi.Output<string>;
  /** RFC 3339 creation time. */
  declare readonly createdAt: pulumi.Output<string>;

  constructor(name: string, args: EventSubscriptionArgs, opts?: pulumi.CustomResourceOptions);
  /** @internal `get`: no args, an id. */
  constructor(name: string, args: undefined, opts: pulumi.CustomResourceOptions);
  constructor(name: string, args: EventSubscriptionArgs | undefined, opts?: pulumi.CustomResourceOptions) {
    super(eventSubscriptionKind, name, args, opts);
  }

  static get(name: string, id: pulumi.Input<string>, opts?: GetOptions): EventSubscription {
    return new EventSubscription(name, undefined, { ...opts, id });
  }
}
