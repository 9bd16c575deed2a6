import { ID_PREFIXES } from "../../sdk/core/id-prefixes";
import {
  IpRestrictionCreateParams,
  IpRestrictionUpdateParams,
  type IpRestriction as IpRestrictionObject,
} from "../../sdk/resources/ip-restriction";
import { prefixed } from "../framework/ids";
import type { KindSpec } from "../framework/kind";
import { ipRestrictionResource } from "../resources/ip-restriction";

/** @internal */
export const ipRestrictionKind: KindSpec<IpRestrictionObject> = {
  name: ipRestrictionResource.name,
  section: "§2.8, §4.6",
  refresh: { by: "pages" },
  idForm: prefixed(ID_PREFIXES.ipRestrictions),
  createSchema: IpRestrictionCreateParams,
  updateSchema: IpRestrictionUpdateParams,
  defaults: { description: "", metadata: "", enforced: false },
  // The policies enforce together; their order means nothing.
  fieldTypes: { ipPolicyIds: "set" },
  outputs: ipRestrictionResource.outputs,
  api: (client) => client.ipRestrictions,
  fromApi: (obj) => ({ ipPolicyIds: obj.ipPolicies.map((ref) => ref.id) }),
  export: { label: (o) => `${o.type}-restriction` },
};
