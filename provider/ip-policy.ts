import { ID_PREFIXES } from "../sdk/core/id-prefixes";
import { IpPolicyCreateParams, IpPolicyUpdateParams, type IpPolicy as IpPolicyObject } from "../sdk/resources/ip-policy";
import { prefixed } from "./framework/ids";
import type { KindSpec } from "./framework/kind";
import { ipPolicyResource } from "./resources/ip-policy";

/** @internal */
export const ipPolicyKind: KindSpec<IpPolicyObject> = {
  name: ipPolicyResource.name,
  section: "§2.7, §4.6",
  refresh: { by: "pages" },
  idForm: prefixed(ID_PREFIXES.ipPolicies),
  createSchema: IpPolicyCreateParams,
  updateSchema: IpPolicyUpdateParams,
  defaults: { description: "", metadata: "" },
  outputs: ipPolicyResource.outputs,
  api: (client) => client.ipPolicies,
};
