import * as pulumi from "@pulumi/pulumi";
import { ID_PREFIXES, HttpsEdgeCreateParams, HttpsEdgeUpdateParams, type HttpsEdge as HttpsEdgeObject } from "../sdk";
import type { KindSpec } from "./framework/kind";
import { prefixed } from "./framework/ids";
import {
  EdgeIngressResource,
  type GetOptions,
  type AdoptArgs,
  type HttpsTlsTerminationModuleArgs,
  type MutualTlsModule,
  type MutualTlsModuleArgs,
  type TlsTerminationModule,
} from "./framework/resource";
import { modulesOf } from "./modules";

/** @internal */
export const httpsEdgeKind: KindSpec<HttpsEdgeObject> = {
  name: "HttpsEdge",
  section: "§2.6, §4.5",
  idForm: prefixed(ID_PREFIXES.httpsEdges),
  createSchema: HttpsEdgeCreateParams,
  updateSchema: HttpsEdgeUpdateParams,
  defaults: { description: "", metadata: "" },
  fieldTypes: { hostports: "set" },
  modules: modulesOf(["mutualTls", "tlsTermination"]),
  // No `routeIds`: routes are HttpsEdgeRoute resources made after the edge, so the ids the edge's own
  // create or update returned were stale by construction and showed as drift at every refresh. State
  // that still holds them is read and compared without them (only inputs are compared).
  outputs: ["uri", "createdAt"],
  api: (client) => client.httpsEdges,
  export: { label: (o) => o.hostports?.[0] },
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
export class HttpsEdge extends EdgeIngressResource {
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
    super(httpsEdgeKind, name, args, opts);
  }

  static get(name: string, id: pulumi.Input<string>, opts?: GetOptions): HttpsEdge {
    return new HttpsEdge(name, undefined, { ...opts, id });
  }
}
