import * as pulumi from "@pulumi/pulumi";
import { isResourceOf, resourceArgs, type AdoptArgs, type GetOptions, type ResourceKind } from "../framework/resource";
import type { EventTypeName } from "./event-source";

/** @internal What the class declares: every input and output, and which are secret (the lifecycle reads these lists too). */
export const eventSubscriptionResource: ResourceKind = {
  name: "EventSubscription",
  inputs: ["description", "metadata", "destinationIds", "sources"],
  outputs: ["uri", "createdAt", "sourceIds"],
};

export interface EventSubscriptionArgs extends AdoptArgs {
  /** Event destinations (`ed_`) the events go to; at least one. Compared as a set. */
  destinationIds: pulumi.Input<pulumi.Input<string>[]>;
  /** Human-readable, at most 255 bytes. Default "". */
  description?: pulumi.Input<string>;
  /** Arbitrary user data, at most 4096 bytes. Default "". */
  metadata?: pulumi.Input<string>;
  /**
   * Every source of the subscription, as event types (`ip_policy_created.v0`), when the stack owns them
   * all: made with the subscription, added and deleted type by type on update, and read at refresh, so
   * a source added by hand is drift and `up` deletes it. Left out (the default), the subscription's
   * sources are never read or touched: declare EventSource resources instead where other stacks or
   * people add sources too. Do not do both for one subscription: these would delete those
   * (docs/provider.md, "Owning a parent's children").
   */
  sources?: pulumi.Input<pulumi.Input<EventTypeName>[]>;
}

/** Sends the events of its sources (inline `sources`, or EventSource resources) to its destinations. */
export class EventSubscription extends pulumi.CustomResource {
  /** Event destination ids (`ed_`). */
  declare readonly destinationIds: pulumi.Output<string[]>;
  /** Human-readable. */
  declare readonly description: pulumi.Output<string>;
  /** Arbitrary user data. */
  declare readonly metadata: pulumi.Output<string>;
  /** With inline `sources`: every source's event type as the service has it (null when `sources` is left out). */
  declare readonly sources: pulumi.Output<string[] | null>;
  /** With inline `sources`: the sources' ids (`<subscription id>/<type>`), in the order of `sources`. */
  declare readonly sourceIds: pulumi.Output<string[] | null>;
  /** The subscription's API URI. */
  declare readonly uri: pulumi.Output<string>;
  /** RFC 3339 creation time. */
  declare readonly createdAt: pulumi.Output<string>;

  constructor(name: string, args: EventSubscriptionArgs, opts?: pulumi.CustomResourceOptions);
  /** @internal `get`: no args, an id. */
  constructor(name: string, args: undefined, opts: pulumi.CustomResourceOptions);
  constructor(name: string, args: EventSubscriptionArgs | undefined, opts?: pulumi.CustomResourceOptions) {
    super(...resourceArgs(eventSubscriptionResource, name, args, opts));
  }

  static get(name: string, id: pulumi.Input<string>, opts?: GetOptions): EventSubscription {
    return new EventSubscription(name, undefined, { ...opts, id });
  }

  /** True when `obj` is an EventSubscription, also one made by another copy of this package (Pulumi's convention). */
  static override isInstance(obj: any): obj is EventSubscription {
    return isResourceOf(eventSubscriptionResource, obj);
  }
}
