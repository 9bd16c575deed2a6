import * as pulumi from "@pulumi/pulumi";
import { isResourceOf, resourceArgs, type AdoptArgs, type GetOptions, type ResourceKind } from "../framework/resource";

/** @internal What the class declares: every input and output, and which are secret (the lifecycle reads these lists too). */
export const eventSubscriptionResource: ResourceKind = {
  name: "EventSubscription",
  inputs: ["description", "metadata", "destinationIds"],
  outputs: ["uri", "createdAt"],
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
export class EventSubscription extends pulumi.CustomResource {
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
