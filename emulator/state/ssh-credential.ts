/** SSH credentials (§2.13, §4.9, §5): a public key for the SSH gateway, an owner and bind ACL rules. */
import { z } from "zod";
import { fieldError, preview } from "../errors";
import { parseSshPublicKey, SshKeyError } from "../ssh";
import { ownerId, resolveOwner } from "./api-key";
import type { Principal } from "./rules";
import { DNS_NAME, PORT } from "./endpoint";
import type { Store } from "./store";
import type { KindRules } from "./rules";
import { addRule, baseRecordFields, commonFields, newBase, parseBody, patchRecord } from "./validation";
import { resourceUri } from "./wire";

const record = z.strictObject({
  ...baseRecordFields,
  public_key: z.string(),
  acl: z.array(z.string()),
  owner_id: z.string(),
});
export type SshCredentialRecord = z.infer<typeof record>;

export const sshCredentials: KindRules<SshCredentialRecord> = {
  collectionKey: "ssh_credentials",
  prefix: "sshcr",
  label: "SSH credential",
  path: "/ssh_credentials",
  record,
  listKey: "ssh_credentials",
  render,
  create: (call) => render(createSshCredential(call.store, call.principal, call.body), call.baseUrl),
  update: (call, id) => updateSshCredential(call.store, id, call.body),
  reference: {
    title: "SSH credentials",
    create: (ex) => ({ ...ex.common, public_key: ex.sshPublicKey, acl: ["bind:*.example.com"] }),
    update: () => ({ acl: ["bind:app.example.com"] }),
  },
};

// §2.13 forms after `bind:`: a domain (optionally `*.`), host:port, or a label `key=value` where either
// side may be `*`. Label keys and values: letters, digits and `._/-`.
const LABEL_TOKEN = "(?:\\*|[A-Za-z0-9][A-Za-z0-9._/-]*)";
const BIND_RE = new RegExp(`^bind:(?:${DNS_NAME}|${DNS_NAME}:${PORT}|${LABEL_TOKEN}=${LABEL_TOKEN})$`);
const ACL_RULE = "must be * or bind:<domain>, bind:*.<domain>, bind:<host>:<port> or bind:<key>=<value> (key or value may be *)";

/** One §2.13 ACL rule; tunnel credentials take the same rules. */
export const aclRule = z.string().superRefine((value, ctx) => {
  const port = /:(\d+)$/.exec(value);
  if (value !== "*" && (!BIND_RE.test(value) || (port !== null && Number(port[1]) > 65535))) addRule(ctx, [], ACL_RULE, preview(value));
});

const createSchema = z.strictObject({
  ...commonFields,
  public_key: z.string(),
  acl: z.array(aclRule).optional(),
  owner_id: ownerId.optional(),
});
const updateSchema = z.strictObject({ ...commonFields, acl: z.array(aclRule).optional() });

export function createSshCredential(store: Store, principal: Principal, body: Record<string, unknown>): SshCredentialRecord {
  const input = parseBody(createSchema, body);
  try {
    parseSshPublicKey(input.public_key);
  } catch (err) {
    if (err instanceof SshKeyError) throw fieldError("INVALID_FIELD", "public_key", err.message);
    throw err;
  }
  const owner = resolveOwner(store, principal, input.owner_id);
  return store.collection(sshCredentials).insert({
    ...newBase(store, sshCredentials, input),
    public_key: input.public_key,
    acl: input.acl ?? [],
    owner_id: owner,
  });
}

export function updateSshCredential(store: Store, id: string, body: Record<string, unknown>): SshCredentialRecord {
  return patchRecord(store.collection(sshCredentials), id, updateSchema, body, { immutable: ["public_key", "owner_id"] });
}

/** §2.13 field order. */
function render(record: SshCredentialRecord, baseUrl: string) {
  return {
    id: record.id,
    uri: resourceUri(baseUrl, sshCredentials, record.id),
    created_at: record.created_at,
    description: record.description,
    metadata: record.metadata,
    public_key: record.public_key,
    acl: record.acl,
    owner_id: record.owner_id,
  };
}
