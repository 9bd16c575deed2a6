import * as pulumi from "@pulumi/pulumi";
import { isResourceOf, resourceArgs, type AdoptArgs, type GetOptions, type ResourceKind } from "../framework/resource";

/** @internal What the class declares: every input and output, and which are secret (the lifecycle reads these lists too). */
export const failoverBackendResource: ResourceKind = {
  name: "FailoverBackend",
  inputs: ["description", "metadata", "backends"],
  outputs: ["uri", "createdAt"],
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
export class FailoverBackend extends pulumi.CustomResource {
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
    super(...resourceArgs(failoverBackendResource, name, args, opts));
  }

  static get(name: string, id: pulumi.Input<string>, opts?: GetOptions): FailoverBackend {
    return new FailoverBackend(name, undefined, { ...opts, id });
  }

  /** True when `obj` is a FailoverBackend, also one made by another copy of this package (Pulumi's convention). */
  static override isInstance(obj: any): obj is FailoverBackend {
    return isResourceOf(failoverBackendResource, obj);
  }
}
