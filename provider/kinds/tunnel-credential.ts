import { ID_PREFIXES } from "../../sdk/core/id-prefixes";
import {
  TunnelCredentialCreateParams,
  TunnelCredentialUpdateParams,
  type TunnelCredential as TunnelCredentialObject,
} from "../../sdk/resources/tunnel-credential";
import { prefixed } from "../framework/ids";
import { SERVER_CHOSEN, type KindSpec } from "../framework/kind";
import { tunnelCredentialResource } from "../resources/tunnel-credential";

/** @internal */
export const tunnelCredentialKind: KindSpec<TunnelCredentialObject> = {
  name: tunnelCredentialResource.name,
  section: "extension (`acl` rules of §2.13)",
  // Listed as the GET shows it (token null); the token is kept from state either way.
  refresh: { by: "pages" },
  idForm: prefixed(ID_PREFIXES.tunnelCredentials),
  createSchema: TunnelCredentialCreateParams,
  updateSchema: TunnelCredentialUpdateParams,
  defaults: { description: "", metadata: "", acl: [], ownerId: SERVER_CHOSEN },
  // Any rule permits: the ACL is a set.
  fieldTypes: { acl: "set" },
  outputs: tunnelCredentialResource.outputs,
  secretOutputs: tunnelCredentialResource.secretOutputs,
  // The service returns the token only in the create response.
  keepFromState: ["token"],
  // A credential whose create answer was lost has no token anyone can read: made again.
  recreateLostCreate: true,
  api: (client) => client.tunnelCredentials,
  export: {
    notes: ["The service shows a credential's authtoken only when it is made: this adopted credential's `token` output is empty."],
  },
};
