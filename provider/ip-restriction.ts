import * as pulumi from "@pulumi/pulumi";
import { ID_PREFIXES, IpRestrictionCreateParams, IpRestrictionUpdateParams, type IpRestriction as IpRestrictionObject } from "../sdk";
import type { KindSpec } from "./framework/kind";
import { prefixed } from "./framework/ids";
import { EdgeIngressResource, type GetOptions, type AdoptArgs } from "./framework/resource";

/** @internal */
export const ipRestrictionKind: KindSpec<IpRestrictionObject> = {
  name: "IpRestriction",
  section: "§2.8, §4.6",
  idForm: prefixed(ID_PREFIXES.ipRestrictions),
  createSchema: IpRestrictionCreateParams,
  updateSchema: IpRestrictionUpdateParams,
  defaults: { description: "", metadata: "", enforced: false },
  // The policies enforce together; their order means nothing.
  fieldTypes: { ipPolicyIds: "set" },
  outputs: ["uri", "createdAt"],
  api: (client) => client.ipRestrictions,
  fromApi: (obj) => ({ ipPolicyIds: obj.ipPolicies.map((ref) => ref.id) }),
  export: { label: (o) => `${o.type}-restriction` },
};

export type IpRestrictionType = "dashboard" | "api" | "agent" | "endpoints";

export interface IpRestrictionArgs extends AdoptArgs {
  /** What traffic is restricted; changing it replaces the restriction. */
  type: pulumi.Input<IpRestrictionType>;
  /** The IP policies (`ipp_`) that enforce the restriction; at least one. Compared as a set. */
  ipPolicyIds: pulumi.Input<pulumi.Input<string>[]>;
  /** false (the default): violations only warn. */
  enforced?: pulumi.Input<boolean>;
  /** Human-readable, at most 255 bytes. Default "". */
  description?: pulumi.Input<string>;
  /** Arbitrary user data, at most 4096 bytes. Default "". */
  metadata?: pulumi.Input<string>;
}

/** Restricts one kind of traffic to the IP ranges of its policies. */
export class IpRestriction extends EdgeIngressResource {
  /** What traffic is restricted; replace on change. */
  declare readonly type: pulumi.Output<IpRestrictionType>;
  /** The IP policies (`ipp_`) that enforce the restriction. */
  declare readonly ipPolicyIds: pulumi.Output<string[]>;
  /** true: enforced; false: violations only warn. */
  declare readonly enforced: pulumi.Output<boolean>;
  /** Human-readable. */
  declare readonly description: pulumi.Output<string>;
  /** Arbitrary user data. */
  declare readonly metadata: pulumi.Output<string>;
  /** The restriction's API URI. */
  declare readonly uri: pulumi.Output<string>;
  /** RFC 3339 creation time. */
  declare readonly createdAt: pulumi.Output<string>;

  constructor(name: string, args: IpRestrictionArgs, opts?: pulumi.CustomResourceOptions);
  /** @internal `get`: no args, an id. */
  constructor(name: string, args: undefined, opts: pulumi.CustomResourceOptions);
  constructor(name: string, args: IpRestrictionArgs | undefined, opts?: pulumi.CustomResourceOptions) {
    super(ipRestrictionKind, name, args, opts);
  }

  static get(name: string, id: pulumi.Input<string>, opts?: GetOptions): IpRestriction {
    return new IpRestriction(name, undefined, { ...opts, id });
  }
}
