import {
  SshCredentialCreateParams,
  SshCredentialUpdateParams,
  type SshCredential as SshCredentialObject,
  sshCredentialsIdPrefix,
} from "../../sdk/resources/ssh-credential";
import { prefixed } from "../framework/ids";
import { COMMON_FIELDS, SERVER_CHOSEN, declareKind } from "../framework/kind";

/** @internal */
export const sshCredentialKind = declareKind<SshCredentialObject>({
  name: "SshCredential",
  doc: "A public key that authenticates agents to the SSH gateway, limited by `acl`. Changing `publicKey` or `ownerId` replaces it.",
  fields: {
    publicKey: {
      input: { doc: "OpenSSH public key: RSA of at least 2048 bits, ECDSA or Ed25519; replace on change.", required: true },
      type: "string",
      doc: "The OpenSSH public key; replace on change.",
    },
    acl: {
      input: {
        type: "pulumi.Input<string>[]",
        doc: "`bind:` rules; absent or empty: no restriction, `*` permits everything explicitly. Replaces the whole list.",
      },
      default: [],
      type: "string[]",
      doc: "`bind:` rules; empty: no restriction.",
    },
    ownerId: {
      input: { doc: "A user or bot; defaults to the caller (only admins may name someone else); replace on change." },
      default: SERVER_CHOSEN,
      type: "string",
      doc: "The owning user or bot; replace on change.",
    },
    description: COMMON_FIELDS.description,
    metadata: COMMON_FIELDS.metadata,
    uri: { type: "string", doc: "The credential's API URI." },
    createdAt: COMMON_FIELDS.createdAt,
  },
  section: "§2.13, §4.9",
  refresh: { by: "pages" },
  idForm: prefixed(sshCredentialsIdPrefix),
  createSchema: SshCredentialCreateParams,
  updateSchema: SshCredentialUpdateParams,
  // Any rule permits: the ACL is a set.
  fieldTypes: { publicKey: "publicKey", acl: "set" },
  api: (client) => client.sshCredentials,
});
