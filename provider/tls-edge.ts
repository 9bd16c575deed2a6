import * as pulumi from "@pulumi/pulumi";
import { ID_PREFIXES, TlsEdgeCreateParams, TlsEdgeUpdateParams, type TlsEdge as TlsEdgeObject } from "../sdk";
import type { KindSpec } from "./framework/kind";
import { prefixed } from "./framework/ids";
import { EdgeIngressResource, type GetOptions, type AdoptArgs, type BackendModule, type BackendModuleArgs, type IpRestrictionModule, type IpRestrictionModuleArgs, type MutualTlsModule, type MutualTlsModuleArgs, type TlsTerminationModule, type TlsTerminationModuleArgs } from "./framework/resource";
import { modulesOf } from "./modules";

/** @internal */
export const tlsEdgeKind: KindSpec<TlsEdgeObject> = {
  name: "TlsEdge",
  section: "§2.5, §4.4",
  idForm: prefixed(ID_PREFIXES.tlsEdges),
  createSchema: TlsEdgeCreateParams,
  updateSchema: TlsEdgeUpdateParams,
  defaults: { description: "", metadata: "" },
  fieldTypes: { hostports: "set" },
  modules: modulesOf(["backend", "ipRestriction", "mutualTls", "tlsTermination"]),
  outputs: ["uri", "createdAt"],
  api: (client) => client.tlsEdges,
  export: { label: (o) => o.hostports?.[0] },
};

export interface TlsEdgeArgs extends AdoptArgs {
  /** `host:port` addresses the edge serves (at least one, none repeated); order means nothing. */
  hostports: pulumi.Input<pulumi.Input<string>[]>;
  /** Human-readable, at most 255 bytes. Default "". */
  description?: pulumi.Input<string>;
  /** Arbitrary user data, at most 4096 bytes. Default "". */
  metadata?: pulumi.Input<string>;
  /** Where traffic goes. */
  backend?: pulumi.Input<BackendModuleArgs>;
  /** Guards access: only the ranges of these IP policies. */
  ipRestriction?: pulumi.Input<IpRestrictionModuleArgs>;
  /** Guards access: clients present a certificate from these authorities. */
  mutualTls?: pulumi.Input<MutualTlsModuleArgs>;
  /** Where TLS ends and its minimum version. */
  tlsTermination?: pulumi.Input<TlsTerminationModuleArgs>;
}


/** TLS hostports with backend, IP restriction, mutual TLS and TLS termination modules. */
export class TlsEdge extends EdgeIngressResource {
  /** `host:port` addresses the edge serves. */
  declare readonly hostports: pulumi.Output<string[]>;
  /** Each module as the service reports it, in the input shape; null when unset. */
  declare readonly backend: pulumi.Output<BackendModule | null>;
  /** As the service reports it, in the input shape; null when unset. */
  declare readonly ipRestriction: pulumi.Output<IpRestrictionModule | null>;
  /** As the service reports it, in the input shape; null when unset. */
  declare readonly mutualTls: pulumi.Output<MutualTlsModule | null>;
  /** As the service reports it, in the input shape; null when unset. */
  declare readonly tlsTermination: pulumi.Output<TlsTerminationModule | null>;
  /** Human-readable. */
  declare readonly description: pulumi.Output<string>;
  /** Arbitrary user data. */
  declare readonly metadata: pulumi.Output<string>;
  /** The resource's API URI. */
  declare readonly uri: pulumi.Output<string>;
  /** RFC 3339 creation time. */
  declare readonly createdAt: pulumi.Output<string>;

  constructor(name: string, args: TlsEdgeArgs, opts?: pulumi.CustomResourceOptions);
  /** @internal `get`: no args, an id. */
  constructor(name: string, args: undefined, opts: pulumi.CustomResourceOptions);
  constructor(name: string, args: TlsEdgeArgs | undefined, opts?: pulumi.CustomResourceOptions) {
    super(tlsEdgeKind, name, args, opts);
  }

  static get(name: string, id: pulumi.Input<string>, opts?: GetOptions): TlsEdge {
    return new TlsEdge(name, undefined, { ...opts, id });
  }
}
