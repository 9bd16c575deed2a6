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
import { ID_PREFIXES } from "../core/id-prefixes";
import type * as types from "../types";

export const TUNNEL_CREDENTIAL_ID_PREFIX = ID_PREFIXES.tunnelCredentials;

/** @internal */
export const TunnelCredential = z.object({
  id: z.string(),
  uri: z.string(),
  createdAt: timestamp,
  description: text,
  metadata: text,
  /** The agent's authtoken: only in the create answer, null everywhere else. */
  token: orNull(z.string()),
  /** Empty: no restriction. */
  acl: orEmpty(z.array(z.string()), []),
  ownerId: z.string(),
});
export type TunnelCredential = types.TunnelCredential;

const acl = z.array(aclRule, { error: "must be a list of ACL rules" });

/** @internal */
export const TunnelCredentialCreateParams = params({
  description: description.optional(),
  metadata: metadata.optional(),
  /** Absent or empty: no restriction; `*` permits everything explicitly. Rules as for SSH credentials. */
  acl: acl.optional(),
  /** A user or bot; defaults to the caller. Only admins may name someone else. */
  ownerId: anyId.optional(),
});
export type TunnelCredentialCreateParams = types.TunnelCredentialCreateParams;

/** @internal */
export const TunnelCredentialUpdateParams = params({
  /** Fixed at creation. */
  ownerId: immutable,
  description: description.optional(),
  metadata: metadata.optional(),
  /** Replaces the whole list. */
  acl: acl.optional(),
});
export type TunnelCredentialUpdateParams = types.TunnelCredentialUpdateParams;

export class TunnelCredentials extends CrudResource<TunnelCredential, TunnelCredentialCreateParams, TunnelCredentialUpdateParams> {
  constructor(http: HttpClient) {
    super(http, {
      collection: "/credentials",
      listKey: "credentials",
      model: TunnelCredential,
      createParams: TunnelCredentialCreateParams,
      updateParams: TunnelCredentialUpdateParams,
    });
  }
}
