import { ApiKeyCreateParams, ApiKeyUpdateParams, type ApiKey as ApiKeyObject } from "../../sdk/resources/api-key";
import { ID_PREFIXES } from "../../sdk/core/id-prefixes";
import { prefixed } from "../framework/ids";
import { SERVER_CHOSEN, type KindSpec } from "../framework/kind";
import { apiKeyResource } from "../resources/api-key";

/** @internal */
export const apiKeyKind: KindSpec<ApiKeyObject> = {
  name: apiKeyResource.name,
  section: "§2.2, §4.2",
  // Listed as the GET shows it (token null); the token is kept from state either way.
  refresh: { by: "pages" },
  idForm: prefixed(ID_PREFIXES.apiKeys),
  createSchema: ApiKeyCreateParams,
  updateSchema: ApiKeyUpdateParams,
  defaults: { description: "", metadata: "", ownerId: SERVER_CHOSEN },
  outputs: apiKeyResource.outputs,
  secretOutputs: apiKeyResource.secretOutputs,
  // The service returns the token only in the create response.
  keepFromState: ["token"],
  // A key whose create answer was lost has no token anyone can read: made again.
  recreateLostCreate: true,
  api: (client) => client.apiKeys,
  export: {
    notes: [
      "The service shows a key's token only when the key is made: this adopted key's `token` output is empty.",
      "If this is the key the stack authenticates with, removing it from the program deletes it.",
    ],
  },
};
