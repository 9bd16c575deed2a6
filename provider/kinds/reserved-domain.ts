import {
  DEFAULT_MANAGED_KEY_TYPE,
  ReservedDomainCreateParams,
  ReservedDomainUpdateParams,
  type ReservedDomain as ReservedDomainObject,
} from "../../sdk/resources/reserved-domain";
import { ID_PREFIXES } from "../../sdk/core/id-prefixes";
import { prefixed } from "../framework/ids";
import { within, type KindSpec } from "../framework/kind";
import { reservedDomainResource } from "../resources/reserved-domain";

/** @internal */
export const reservedDomainKind: KindSpec<ReservedDomainObject> = {
  name: reservedDomainResource.name,
  section: "§2.12, §4.8 (update: extension)",
  refresh: { by: "pages" },
  idForm: prefixed(ID_PREFIXES.reservedDomains),
  createSchema: ReservedDomainCreateParams,
  updateSchema: ReservedDomainUpdateParams,
  defaults: {
    description: "",
    metadata: "",
    region: "",
    certificateId: null,
    certificateManagementPolicy: within({ privateKeyType: DEFAULT_MANAGED_KEY_TYPE }),
  },
  outputs: reservedDomainResource.outputs,
  // A domain is reserved once: a replacement must release it first.
  unique: ["domain"],
  api: (client) => client.reservedDomains,
  fromApi: (obj) => ({
    // The certificate is the user's input only while nothing manages it; a managed one is an output.
    certificateId: obj.certificateManagementPolicy ? null : (obj.certificate?.id ?? null),
    issuedCertificateId: obj.certificateManagementPolicy ? (obj.certificate?.id ?? null) : null,
  }),
  export: { label: (o) => o.domain },
};
