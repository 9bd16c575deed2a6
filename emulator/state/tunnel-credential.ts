/**
 * Tunnel credentials (`/credentials`, an extension): an authtoken for tunnel agents, an owner and the
 * `bind` ACL rules of SSH credentials (§2.13). Only the token's SHA-256 is kept. The token authenticates
 * agents only: it is never accepted as an API bearer token (emulator/http/auth.ts looks up API keys only).
 */
import { z } from "zod";
import { hashToken, newToken } from "../secrets";
import { ownerId, resolveOwner } from "./api-key";
import type { Principal } from "./rules";
import { aclRule } from "./ssh-credential";
import type { Store } from "./store";
import type { KindRules } from "./rules";
import { baseRecordFields, commonFields, newBase, parseBody, patchRecord } from "./validation";
import { resourceUri } from "./wire";

const record = z.strictObject({
  ...baseRecordFields,
  acl: z.array(z.string()),
  owner_id: z.string(),
  /** SHA-256 of the token; the token itself is never stored. */
  token_sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type TunnelCredentialRecord = z.infer<typeof record>;

export const tunnelCredentials: KindRules<TunnelCredentialRecord> = {
  collectionKey: "credentials",
  prefix: "cr",
  label: "tunnel credential",
  path: "/credentials",
  record,
  listKey: "credentials",
  render: (record, baseUrl) => render(record, baseUrl),
  create: (call) => {
    const { record, token } = createTunnelCredential(call.store, call.principal, call.body);
    return render(record, call.baseUrl, token);
  },
  update: (call, id) => updateTunnelCredential(call.store, id, call.body),
  reference: {
    title: "Tunnel credentials",
    extension: true,
    create: (ex) => ({ ...ex.common, acl: ["bind:*.example.com"] }),
    update: () => ({ acl: ["bind:app.example.com"] }),
  },
};

const createSchema = z.strictObject({ ...commonFields, acl: z.array(aclRule).optional(), owner_id: ownerId.optional() });
const updateSchema = z.strictObject({ ...commonFields, acl: z.array(aclRule).optional() });

export function createTunnelCredential(
  store: Store,
  principal: Principal,
  body: Record<string, unknown>,
): { record: TunnelCredentialRecord; token: string } {
  const input = parseBody(createSchema, body);
  const owner = resolveOwner(store, principal, input.owner_id);
  const token = newToken();
  const created = store.collection(tunnelCredentials).insert({
    ...newBase(store, tunnelCredentials, input),
    acl: input.acl ?? [],
    owner_id: owner,
    token_sha256: hashToken(token),
  });
  return { record: created, token };
}

export function updateTunnelCredential(store: Store, id: string, body: Record<string, unknown>): TunnelCredentialRecord {
  return patchRecord(store.collection(tunnelCredentials), id, updateSchema, body, { immutable: ["owner_id"] });
}

/** The SSH credential's field order (§2.13) with `token` where an API key has it; non-null only in the create answer. */
function render(record: TunnelCredentialRecord, baseUrl: string, token: string | null = null) {
  return {
    id: record.id,
    uri: resourceUri(baseUrl, tunnelCredentials, record.id),
    created_at: record.created_at,
    description: record.description,
    metadata: record.metadata,
    token,
    acl: record.acl,
    owner_id: record.owner_id,
  };
}
