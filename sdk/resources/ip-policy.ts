/** IP policies (spec §2.7, §4.6). A policy's rules are a kind of their own, IpPolicyRule (./ip-policy-rule.ts): no operation here reads or changes them. */
import { z } from "zod";
import { description, metadata, params, text, timestamp } from "../core/fields";
import type { HttpClient } from "../core/http";
import { CrudResource } from "../core/resource";
import type * as types from "../types";

export const ipPoliciesIdPrefix = "ipp_";

/** @internal */
export const IpPolicy = z.object({
  id: z.string(),
  uri: z.string(),
  createdAt: timestamp,
  description: text,
  metadata: text,
});
export type IpPolicy = types.IpPolicy;

/** @internal */
export const IpPolicyCreateParams = params({
  description: description.optional(),
  metadata: metadata.optional(),
});
export type IpPolicyCreateParams = types.IpPolicyCreateParams;

/** @internal */
export const IpPolicyUpdateParams = params({
  description: description.optional(),
  metadata: metadata.optional(),
});
export type IpPolicyUpdateParams = types.IpPolicyUpdateParams;

export class IpPolicies extends CrudResource<IpPolicy, IpPolicyCreateParams, IpPolicyUpdateParams> {
  constructor(http: HttpClient) {
    super(http, {
      collectionPath: "/ip_policies",
      listKey: "ipPolicies",
      model: IpPolicy,
      createParams: IpPolicyCreateParams,
      updateParams: IpPolicyUpdateParams,
    });
  }
}
