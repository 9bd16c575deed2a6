/**
 * Tunnel credentials (`/credentials`, an extension): an authtoken a tunnel agent connects with, limited
 * by the same `bind` ACL rules as SSH credentials. The token is returned by create only; every later read
 * has `token: null`. It authenticates agents, never API requests. The owner is fixed at creation.
 */
import { z } from "zod";
import { anyId, description, immutable, metadata, orEmpty, orNull, params, text, timestamp } from "../core/fields";
import type { HttpClient } from "../core/http";
import { CrudResource } from "../core/resource";
import { aclRule } from "./ssh-credential";
import type * as types from "../types";

export const tunnelCredentialsIdPrefix = "cr_";

/** @internal */
export const TunnelCredential = z.object({
  id: z.string(),
  uri: z.string(),
  createdAt: timestamp,
  description: text,
  metadata: text,
  token: orNull(z.string()).describe("The agent's authtoken: only in the create answer, null everywhere else."),
  acl: orEmpty(z.array(z.string()), []).describe("Empty: no restriction."),
  ownerId: z.string().describe("The user or bot (`usr_...` or `bot_...`) that owns the credential."),
});
export type TunnelCredential = types.TunnelCredential;

const acl = z.array(aclRule, { error: "must be a list of ACL rules" });

/** @internal */
export const TunnelCredentialCreateParams = params({
  description: description.optional(),
  metadata: metadata.optional(),
  acl: acl.optional().describe("Absent or empty: no restriction; `*` permits everything explicitly. Rules as for SSH credentials."),
  ownerId: anyId.optional().describe("A user or bot; defaults to the caller. Only admins may name someone else."),
});
export type TunnelCredentialCreateParams = types.TunnelCredentialCreateParams;

/** @internal */
export const TunnelCredentialUpdateParams = params({
  ownerId: immutable.describe("Fixed at creation."),
  description: description.optional(),
  metadata: metadata.optional(),
  acl: acl.optional().describe("Replaces the whole list."),
});
export type TunnelCredentialUpdateParams = types.TunnelCredentialUpdateParams;

export class TunnelCredentials extends CrudResource<TunnelCredential, TunnelCredentialCreateParams, TunnelCredentialUpdateParams> {
  constructor(http: HttpClient) {
    super(http, {
      collectionPath: "/credentials",
      listKey: "credentials",
      model: TunnelCredential,
      createParams: TunnelCredentialCreateParams,
      updateParams: TunnelCredentialUpdateParams,
    });
  }
}
