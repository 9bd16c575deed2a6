import {
  TunnelCredentialCreateParams,
  TunnelCredentialUpdateParams,
  type TunnelCredential as TunnelCredentialObject,
  tunnelCredentialsIdPrefix,
} from "../../sdk/resources/tunnel-credential";
import { prefixed } from "../framework/ids";
import { COMMON_FIELDS, SERVER_CHOSEN, declareKind } from "../framework/kind";

/** @internal */
export const tunnelCredentialKind = declareKind<TunnelCredentialObject>({
  name: "TunnelCredential",
  doc: "An authtoken a tunnel agent connects with, limited by `acl`; its `token` is a secret output, present from creation on.",
  getDoc: "Reads an existing credential; its token is not available (the service shows it only once).",
  fields: {
    description: COMMON_FIELDS.description,
    metadata: COMMON_FIELDS.metadata,
    acl: {
      input: {
        type: "pulumi.Input<string>[]",
        doc: "`bind` rules as for SSH credentials; empty or absent: no restriction. Compared as a set.",
      },
      default: [],
      type: "string[]",
      doc: "`bind` rules; empty: no restriction.",
    },
    ownerId: {
      input: {
        doc: "Owning user or bot; defaults to the caller. Only admins may name another owner. Changing it replaces the credential.",
      },
      default: SERVER_CHOSEN,
      type: "string",
      doc: "The owning user or bot (the caller when not given); replace on change.",
    },
    token: { type: "string", doc: "Secret. The authtoken, from the create response (the service never shows it again).", secret: true },
    uri: { type: "string", doc: "The credential's API URI." },
    createdAt: COMMON_FIELDS.createdAt,
  },
  section: "extension (`acl` rules of §2.13)",
  // Listed as the GET shows it (token null); the token is kept from state either way.
  refresh: { by: "pages" },
  idForm: prefixed(tunnelCredentialsIdPrefix),
  createSchema: TunnelCredentialCreateParams,
  updateSchema: TunnelCredentialUpdateParams,
  // Any rule permits: the ACL is a set.
  fieldTypes: { acl: "set" },
  // The service returns the token only in the create response.
  keepFromState: ["token"],
  // A credential whose create answer was lost has no token anyone can read: made again.
  recreateLostCreate: true,
  api: (client) => client.tunnelCredentials,
  export: {
    notes: ["The service shows a credential's authtoken only when it is made: this adopted credential's `token` output is empty."],
  },
});
