import * as pulumi from "@pulumi/pulumi";
import { WeightedBackendCreateParams, WeightedBackendUpdateParams, type WeightedBackend as WeightedBackendObject } from "../sdk";
import type { KindSpec } from "./framework/kind";
import { EdgeIngressResource, type AdoptArgs } from "./framework/resource";

export const weightedBackendKind: KindSpec<WeightedBackendObject> = {
  name: "WeightedBackend",
  section: "§2.10, §4.7",
  createSchema: WeightedBackendCreateParams,
  updateSchema: WeightedBackendUpdateParams,
  defaults: { description: "", metadata: "" },
  outputs: ["uri", "createdAt"],
  api: (client) => client.weightedBackends,
};

export interface WeightedBackendArgs extends AdoptArgs {
  /** Child backend id → weight (0 to 10000). */
  backends: pulumi.Input<Record<string, pulumi.Input<number>>>;
  description?: pulumi.Input<string>;
  metadata?: pulumi.Input<string>;
}

/** Splits traffic across child backends by weight. */
export class WeightedBackend extends EdgeIngressResource {
  declare readonly backends: pulumi.Output<Record<string, number>>;
  declare readonly description: pulumi.Output<string>;
  declare readonly metadata: pulumi.Output<string>;
  declare readonly uri: pulumi.Output<string>;
  declare readonly createdAt: pulumi.Output<string>;

  constructor(name: string, args: WeightedBackendArgs, opts?: pulumi.CustomResourceOptions) {
    super(weightedBackendKind, name, args, opts);
  }

  static get(name: string, id: pulumi.Input<string>, opts?: pulumi.CustomResourceOptions): WeightedBackend {
    return new WeightedBackend(name, undefined as unknown as WeightedBackendArgs, { ...opts, id });
  }
}
