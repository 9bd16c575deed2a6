import { ApiKeyCreateParams, ApiKeyUpdateParams, type ApiKey as ApiKeyObject, apiKeysIdPrefix } from "../../sdk/resources/api-key";
import { prefixed } from "../framework/ids";
import { COMMON_FIELDS, SERVER_CHOSEN, declareKind } from "../framework/kind";

/** @internal */
export const apiKeyKind = declareKind<ApiKeyObject>({
  name: "ApiKey",
  doc: "An API key; its `token` is a secret output, present from creation on.",
  getDoc: "Reads an existing key; its token is not available (the service shows it only once).",
  fields: {
    description: {
      input: { doc: 'What uses the key; at most 255 bytes. Default "".' },
      default: "",
      type: "string",
      doc: "What uses the key.",
    },
    metadata: COMMON_FIELDS.metadata,
    ownerId: {
      input: { doc: "Owning user or bot; defaults to the caller. Only admins may name another owner. Changing it replaces the key." },
      default: SERVER_CHOSEN,
      type: "string",
      doc: "The owning user or bot (the caller when not given); replace on change.",
    },
    token: { type: "string", doc: "Secret. The bearer token, from the create response (the service never shows it again).", secret: true },
    uri: { type: "string", doc: "The key's API URI." },
    createdAt: COMMON_FIELDS.createdAt,
  },
  section: "§2.2, §4.2",
  // Listed as the GET shows it (token null); the token is kept from state either way.
  refresh: { by: "pages" },
  idForm: prefixed(apiKeysIdPrefix),
  createSchema: ApiKeyCreateParams,
  updateSchema: ApiKeyUpdateParams,
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
});
