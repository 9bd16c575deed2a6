import * as pulumi from "@pulumi/pulumi";
import { isResourceOf, resourceArgs, type AdoptArgs, type GetOptions, type ResourceKind } from "../framework/resource";

/** @internal What the class declares: every input and output, and which are secret (the lifecycle reads these lists too). */
export const weightedBackendResource: ResourceKind = {
  name: "WeightedBackend",
  inputs: ["description", "metadata", "backends"],
  outputs: ["uri", "createdAt"],
};

/** One child backend and its weight, as users declare it. */
export interface WeightedBackendEntry {
  backendId: string;
  weight: number;
}
export interface WeightedBackendArgs extends AdoptArgs {
  /**
   * Child backends with their weights (0 to 10000), each backend once; `backendId` may be another
   * resource's `id`. A map of child backend id → weight (the service's form) is accepted too.
   */
  backends: pulumi.Input<
    pulumi.Input<{ backendId: pulumi.Input<string>; weight: pulumi.Input<number> }>[] | Record<string, pulumi.Input<number>>
  >;
  /** Human-readable, at most 255 bytes. Default "". */
  description?: pulumi.Input<string>;
  /** Arbitrary user data, at most 4096 bytes. Default "". */
  metadata?: pulumi.Input<string>;
}

/** Splits traffic across child backends by weight. */
export class WeightedBackend extends pulumi.CustomResource {
  /** In the list form, whichever form was declared (state from before the list form holds a map until refreshed). */
  declare readonly backends: pulumi.Output<WeightedBackendEntry[]>;
  /** Human-readable. */
  declare readonly description: pulumi.Output<string>;
  /** Arbitrary user data. */
  declare readonly metadata: pulumi.Output<string>;
  /** The backend's API URI. */
  declare readonly uri: pulumi.Output<string>;
  /** RFC 3339 creation time. */
  declare readonly createdAt: pulumi.Output<string>;

  constructor(name: string, args: WeightedBackendArgs, opts?: pulumi.CustomResourceOptions);
  /** @internal `get`: no args, an id. */
  constructor(name: string, args: undefined, opts: pulumi.CustomResourceOptions);
  constructor(name: string, args: WeightedBackendArgs | undefined, opts?: pulumi.CustomResourceOptions) {
    super(...resourceArgs(weightedBackendResource, name, args, opts));
  }

  static get(name: string, id: pulumi.Input<string>, opts?: GetOptions): WeightedBackend {
    return new WeightedBackend(name, undefined, { ...opts, id });
  }

  /** True when `obj` is a WeightedBackend, also one made by another copy of this package (Pulumi's convention). */
  static override isInstance(obj: any): obj is WeightedBackend {
    return isResourceOf(weightedBackendResource, obj);
  }
}
