import * as pulumi from "@pulumi/pulumi";
import { ID_PREFIXES, FailoverBackendCreateParams, FailoverBackendUpdateParams, type FailoverBackend as FailoverBackendObject } from "../sdk";
import type { KindSpec } from "./framework/kind";
import { prefixed } from "./framework/ids";
import { EdgeIngressResource, type GetOptions, type AdoptArgs } from "./framework/resource";

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
  /** Child backend ids (`bkdtg_`, `bkdwd_`, `bkdfo_`, `bkdhr_`), in the order they are tried; at least one, none repeated. */
  backends: pulumi.Input<pulumi.Input<string>[]>;
  /** Human-readable, at most 255 bytes. Default "". */
  description?: pulumi.Input<string>;
  /** Arbitrary user data, at most 4096 bytes. Default "". */
  metadata?: pulumi.Input<string>;
}

/** Sends traffic to the first child backend that is up. */
export class FailoverBackend extends EdgeIngressResource {
  /** Child backend ids, first choice first. */
  declare readonly backends: pulumi.Output<string[]>;
  /** Human-readable. */
  declare readonly description: pulumi.Output<string>;
  /** Arbitrary user data. */
  declare readonly metadata: pulumi.Output<string>;
  /** The backend's API URI. */
  declare readonly uri: pulumi.Output<string>;
  /** RFC 3339 creation time. */
  declare readonly createdAt: pulumi.Output<string>;

  constructor(name: string, args: FailoverBackendArgs, opts?: pulumi.CustomResourceOptions);
  /** @internal `get`: no args, an id. */
  constructor(name: string, args: undefined, opts: pulumi.CustomResourceOptions);
  constructor(name: string, args: FailoverBackendArgs | undefined, opts?: pulumi.CustomResourceOptions) {
    super(failoverBackendKind, name, args, opts);
  }

  static get(name: string, id: pulumi.Input<string>, opts?: GetOptions): FailoverBackend {
    return new FailoverBackend(name, undefined, { ...opts, id });
  }
}
