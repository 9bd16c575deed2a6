/** API keys (§2.2, §4.2, §5): tokens, owners and the principal a token stands for. */
import { z } from "zod";
import { fieldError, preview } from "../errors";
import { hashToken, newToken, tokenMatches } from "../secrets";
import type { Store } from "./store";
import type { KindRules, Principal } from "./rules";
import { addRule, baseRecordFields, commonFields, newBase, parseBody, patchRecord } from "./validation";
import { resourceUri } from "./wire";

/** Who is calling: the root token (the admin user) or an API key. */
const apiKeyRecord = z.strictObject({
  ...baseRecordFields,
  owner_id: z.string(),
  /** SHA-256 of the token; the token itself is never stored. */
  token_sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type ApiKeyRecord = z.infer<typeof apiKeyRecord>;

export const apiKeys: KindRules<ApiKeyRecord> = {
  collectionKey: "api_keys",
  prefix: "ak",
  label: "API key",
  path: "/api_keys",
  record: apiKeyRecord,
  listKey: "keys",
  render: (record, baseUrl) => render(record, baseUrl),
  create: (call) => {
    const { record, token } = createApiKey(call.store, call.principal, call.body);
    return render(record, call.baseUrl, token);
  },
  update: (call, id) => updateApiKey(call.store, id, call.body),
  reference: {
    title: "API keys",
    create: () => ({ description: "ci deploy key", metadata: "" }),
    update: () => ({ description: "ci deploy key (rotated monthly)" }),
  },
};

/** A user or bot id: `usr_`/`bot_` and an opaque alphanumeric suffix. */
export const ownerId = z.string().superRefine((value, ctx) => {
  if (!/^(usr|bot)_[0-9A-Za-z]{1,64}$/.test(value)) addRule(ctx, [], "must be a user or bot id (usr_... or bot_...)", preview(value));
});

const createSchema = z.strictObject({ ...commonFields, owner_id: ownerId.optional() });
const updateSchema = z.strictObject({ ...commonFields });

/**
 * The owner of a new key or SSH credential: the caller, or another one only an admin may name (403), and
 * then only a user or bot of the account (400 INVALID_FIELD, like every reference to a missing resource).
 */
export function resolveOwner(store: Store, principal: Principal, ownerIdSent: string | undefined): string {
  const owner = ownerIdSent ?? principal.ownerId;
  if (owner === principal.ownerId) return owner;
  if (!principal.admin) throw fieldError("FORBIDDEN", "owner_id", "only an admin may name an owner other than the caller");
  if (!store.isKnownOwner(owner))
    throw fieldError("INVALID_FIELD", "owner_id", "must be the id of a user or bot of the account", preview(owner));
  return owner;
}

export function createApiKey(store: Store, principal: Principal, body: Record<string, unknown>): { record: ApiKeyRecord; token: string } {
  const input = parseBody(createSchema, body);
  const owner = resolveOwner(store, principal, input.owner_id);
  const token = newToken();
  const record = store.collection(apiKeys).insert({
    ...newBase(store, apiKeys, input),
    owner_id: owner,
    token_sha256: hashToken(token),
  });
  return { record, token };
}

export function updateApiKey(store: Store, id: string, body: Record<string, unknown>): ApiKeyRecord {
  return patchRecord(store.collection(apiKeys), id, updateSchema, body, { immutable: ["owner_id"] });
}

/** The key whose token this is, checking every key in constant time; a deleted key is simply absent. */
export function findApiKeyByToken(store: Store, token: string): ApiKeyRecord | undefined {
  let found: ApiKeyRecord | undefined;
  for (const record of store.collection(apiKeys).all()) {
    if (tokenMatches(token, record.token_sha256)) found = record;
  }
  return found;
}

/** §2.2 field order; `token` is only ever non-null in the create response. */
function render(record: ApiKeyRecord, baseUrl: string, token: string | null = null) {
  return {
    id: record.id,
    uri: resourceUri(baseUrl, apiKeys, record.id),
    description: record.description,
    metadata: record.metadata,
    created_at: record.created_at,
    token,
    owner_id: record.owner_id,
  };
}
