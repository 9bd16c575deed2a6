import * as pulumi from "@pulumi/pulumi";
import {
  isResourceOf,
  resourceArgs,
  type AdoptArgs,
  type GetOptions,
  type HttpsTlsTerminationModuleArgs,
  type MutualTlsModule,
  type MutualTlsModuleArgs,
  type ResourceKind,
  type TlsTerminationModule,
} from "../framework/resource";

/** @internal What the class declares: every input and output, and which are secret (the lifecycle reads these lists too). */
export const httpsEdgeResource: ResourceKind = {
  name: "HttpsEdge",
  inputs: ["description", "metadata", "hostports", "mutualTls", "tlsTermination"],
  outputs: ["uri", "createdAt"],
};

export interface HttpsEdgeArgs extends AdoptArgs {
  /** `host:port` addresses the edge serves (at least one, none repeated); order means nothing. */
  hostports: pulumi.Input<pulumi.Input<string>[]>;
  /** Human-readable, at most 255 bytes. Default "". */
  description?: pulumi.Input<string>;
  /** Arbitrary user data, at most 4096 bytes. Default "". */
  metadata?: pulumi.Input<string>;
  /** Guards access: clients present a certificate from these authorities. */
  mutualTls?: pulumi.Input<MutualTlsModuleArgs>;
  /** The minimum TLS version (TLS always ends at the edge). */
  tlsTermination?: pulumi.Input<HttpsTlsTerminationModuleArgs>;
}

/** HTTPS hostports with mutual TLS and TLS termination; traffic is routed by HttpsEdgeRoute resources. */
export class HttpsEdge extends pulumi.CustomResource {
  /** `host:port` addresses the edge serves. */
  declare readonly hostports: pulumi.Output<string[]>;
  /** As the service reports it, in the input shape; null when unset. */
  declare readonly mutualTls: pulumi.Output<MutualTlsModule | null>;
  /** As the service reports it, in the input shape; null when unset. `terminateAt` is always `edge`. */
  declare readonly tlsTermination: pulumi.Output<TlsTerminationModule | null>;
  /** Human-readable. */
  declare readonly description: pulumi.Output<string>;
  /** Arbitrary user data. */
  declare readonly metadata: pulumi.Output<string>;
  /** The edge's API URI. */
  declare readonly uri: pulumi.Output<string>;
  /** RFC 3339 creation time. */
  declare readonly createdAt: pulumi.Output<string>;

  constructor(name: string, args: HttpsEdgeArgs, opts?: pulumi.CustomResourceOptions);
  /** @internal `get`: no args, an id. */
  constructor(name: string, args: undefined, opts: pulumi.CustomResourceOptions);
  constructor(name: string, args: HttpsEdgeArgs | undefined, opts?: pulumi.CustomResourceOptions) {
    super(...resourceArgs(httpsEdgeResource, name, args, opts));
  }

  static get(name: string, id: pulumi.Input<string>, opts?: GetOptions): HttpsEdge {
    return new HttpsEdge(name, undefined, { ...opts, id });
  }

  /** True when `obj` is an HttpsEdge, also one made by another copy of this package (Pulumi's convention). */
  static override isInstance(obj: any): obj is HttpsEdge {
    return isResourceOf(httpsEdgeResource, obj);
  }
}
