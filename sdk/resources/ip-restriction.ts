/** IP restrictions (spec §2.8, §4.6): which traffic is checked against which IP policies. */
import { z } from "zod";
import { Ref, boolean, description, idList, immutable, metadata, oneOf, params, text, timestamp } from "../core/fields";
import type { HttpClient } from "../core/http";
import { CrudResource } from "../core/resource";
import { ipPoliciesIdPrefix } from "./ip-policy";
import type * as types from "../types";

export const IP_RESTRICTION_TYPES = ["dashboard", "api", "agent", "endpoints"] as const;
/** @internal */
export const IpRestrictionType = oneOf(IP_RESTRICTION_TYPES).describe("What an IP restriction guards; fixed at creation.");
export type IpRestrictionType = types.IpRestrictionType;

/** @internal */
export const IpRestriction = z.object({
  id: z.string(),
  uri: z.string(),
  createdAt: timestamp,
  description: text,
  metadata: text,
  enforced: z.boolean().describe("true: the restriction is enforced; false: it only issues warnings."),
  // A plain string: a type added by the service later must not make reads fail.
  type: z.string().describe("What traffic is restricted: `dashboard`, `api`, `agent` or `endpoints`. Fixed at creation."),
  ipPolicies: z
    .array(Ref)
    .describe("The IP policies that enforce the restriction. A policy deleted later stays listed and counts as a policy with no rules."),
});
export type IpRestriction = types.IpRestriction;

/** @internal */
export const IpRestrictionCreateParams = params({
  description: description.optional(),
  metadata: metadata.optional(),
  enforced: boolean.optional().describe("false (the service's default) only warns."),
  type: IpRestrictionType.describe("What traffic is restricted: `dashboard`, `api`, `agent` or `endpoints`. Fixed at creation."),
  ipPolicyIds: idList(ipPoliciesIdPrefix).describe(
    "The IP policies (`ipp_`) that enforce the restriction: at least one, none repeated, each an existing policy.",
  ),
});
export type IpRestrictionCreateParams = types.IpRestrictionCreateParams;

/** @internal */
export const IpRestrictionUpdateParams = params({
  type: immutable.describe("Fixed at creation: listed only to reject it with that reason (a change means a new restriction)."),
  description: description.optional(),
  metadata: metadata.optional(),
  enforced: boolean.optional().describe("true: enforce the restriction; false: only issue warnings. Left out, it is unchanged."),
  ipPolicyIds: idList(ipPoliciesIdPrefix)
    .optional()
    .describe("When given, replaces the whole list (still at least one `ipp_` id, none repeated); left out, it is unchanged."),
});
export type IpRestrictionUpdateParams = types.IpRestrictionUpdateParams;

export class IpRestrictions extends CrudResource<IpRestriction, IpRestrictionCreateParams, IpRestrictionUpdateParams> {
  constructor(http: HttpClient) {
    super(http, {
      collectionPath: "/ip_restrictions",
      listKey: "ipRestrictions",
      model: IpRestriction,
      createParams: IpRestrictionCreateParams,
      updateParams: IpRestrictionUpdateParams,
    });
  }
}
export const ipRestrictionsIdPrefix = "ipx_";
