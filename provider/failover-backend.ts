import * as pulumi from "@pulumi/pulumi";
import { ID_PREFIXES, FailoverBackendCreateParams, FailoverBackendUpdateParams, type FailoverBackend as FailoverBackendObject } from "../sdk";
import type { KindSpec } from "./framework/kind";
import { prefixed } from "./framework/ids";
import { EdgeIngressResource, type AdoptArgs } from "./framework/resource";

/** @internal */
export const failoverBackendKind: KindSpec<FailoverBackendObject> = {
  name: "FailoverBackend",
  section: "§2.11, §4.7",
  idForm: prefixed(ID_PREFIXES.failoverBackends),
  createSchema: FailoverBackendCreateParams,
  updateSchema: FailoverBackendUpdateParams,
  defaults: { description: "", metadata: "" },
  outputs: ["uri", "createdAt"],
  api: (client) => client.failoverBackends,
};

export interface FailoverBackendArgs extends AdoptArgs {
  /** Child backend ids, in the order they are tried. */
  backends: pulumi.Input<pulumi.Input<string>[]>;
  description?: pulumi.Input<string>;
  metadata?: pulumi.Input<string>;
}

/** Sends traffic to the first child backend that is up. */
export class FailoverBackend extends EdgeIngressResource {
  declare readonly backends: pulumi.Output<string[]>;
  declare readonly description: pulumi.Output<string>;
  declare readonly metadata: pulumi.Output<string>;
  declare readonly uri: pulumi.Output<string>;
  declare readonly createdAt: pulumi.Output<string>;

  constructor(name: string, args: FailoverBackendArgs, opts?: pulumi.CustomResourceOptions);
  /** @internal `get`: no args, an id. */
  constructor(name: string, args: undefined, opts: pulumi.CustomResourceOptions);
  constructor(name: string, args: FailoverBackendArgs | undefined, opts?: pulumi.CustomResourceOptions) {
    super(failoverBackendKind, name, args, opts);
  }

  static get(name: string, id: pulumi.Input<string>, opts?: pulumi.CustomResourceOptions): FailoverBackend {
    return new FailoverBackend(name, undefined, { ...opts, id });
  }
}
