import {
  IpRestrictionCreateParams,
  IpRestrictionUpdateParams,
  type IpRestriction as IpRestrictionObject,
  ipRestrictionsIdPrefix,
} from "../../sdk/resources/ip-restriction";
import { prefixed } from "../framework/ids";
import { COMMON_FIELDS, declareKind } from "../framework/kind";
import type * as sdk from "../../sdk/types";

/** @internal */
export const ipRestrictionKind = declareKind<IpRestrictionObject>({
  name: "IpRestriction",
  doc: "Restricts one kind of traffic to the IP ranges of its policies.",
  fields: {
    type: {
      input: { doc: "What traffic is restricted; changing it replaces the restriction.", required: true },
      type: "IpRestrictionType",
      doc: "What traffic is restricted; replace on change.",
    },
    ipPolicyIds: {
      input: {
        type: "pulumi.Input<string>[]",
        doc: "The IP policies (`ipp_`) that enforce the restriction; at least one. Compared as a set.",
        required: true,
      },
      type: "string[]",
      doc: "The IP policies (`ipp_`) that enforce the restriction.",
    },
    enforced: {
      input: { doc: "false (the default): violations only warn." },
      default: false,
      type: "boolean",
      doc: "true: enforced; false: violations only warn.",
    },
    description: COMMON_FIELDS.description,
    metadata: COMMON_FIELDS.metadata,
    uri: { type: "string", doc: "The restriction's API URI." },
    createdAt: COMMON_FIELDS.createdAt,
  },
  section: "§2.8, §4.6",
  refresh: { by: "pages" },
  idForm: prefixed(ipRestrictionsIdPrefix),
  createSchema: IpRestrictionCreateParams,
  updateSchema: IpRestrictionUpdateParams,
  // The policies enforce together; their order means nothing.
  fieldTypes: { ipPolicyIds: "set" },
  api: (client) => client.ipRestrictions,
  fromApi: (obj) => ({ ipPolicyIds: obj.ipPolicies.map((ref) => ref.id) }),
  export: { label: (o) => `${o.type}-restriction` },
});

export type IpRestrictionType = sdk.IpRestrictionType;
