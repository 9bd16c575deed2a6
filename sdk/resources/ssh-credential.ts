/**
 * SSH credentials (spec §2.13, §4.9): a public key that authenticates tunnel agents to the SSH gateway,
 * with optional `bind` ACL rules. The public key and the owner are fixed at creation.
 */
import { z } from "zod";
import { sshPublicKey } from "../core/crypto";
import { anyId, description, immutable, isDomainName, isHostport, metadata, orEmpty, params, text, timestamp } from "../core/fields";
import type { HttpClient } from "../core/http";
import { CrudResource } from "../core/resource";
import type * as types from "../types";

export const sshCredentialsIdPrefix = "sshcr_";

export const ACL_RULE = "must be *, bind:<domain>, bind:*.<domain>, bind:<host>:<port> or bind:<key>=<value> (either side may be *)";

// A label key or value: `*`, or printable characters without spaces, `=` or `*`.
const LABEL_PART = /^(?:\*|[^\s=*]+)$/;

/** §2.13: `*`, or a `bind:` rule on a domain (optionally `*.`), an address `host:port`, or a label. */
export function isAclRule(rule: string): boolean {
  if (rule === "*") return true;
  if (!rule.startsWith("bind:")) return false;
  const target = rule.slice("bind:".length);
  const eq = target.indexOf("=");
  if (eq >= 0) return LABEL_PART.test(target.slice(0, eq)) && LABEL_PART.test(target.slice(eq + 1));
  return isDomainName(target) || isHostport(target);
}

/** @internal */
export const aclRule = z.string({ error: "must be a string" }).refine(isAclRule, { error: ACL_RULE });

/** @internal */
export const SshCredential = z.object({
  id: z.string(),
  uri: z.string(),
  createdAt: timestamp,
  description: text,
  metadata: text,
  publicKey: z.string().describe("The OpenSSH public key that tunnel agents authenticate to the SSH gateway with."),
  acl: orEmpty(z.array(z.string()), []).describe("Empty: no restriction."),
  ownerId: z.string().describe("The user or bot (`usr_...` or `bot_...`) that owns the credential."),
});
export type SshCredential = types.SshCredential;

const acl = z.array(aclRule, { error: "must be a list of ACL rules" });

/** @internal */
export const SshCredentialCreateParams = params({
  description: description.optional(),
  metadata: metadata.optional(),
  acl: acl.optional().describe("Absent or empty: no restriction; `*` permits everything explicitly."),
  publicKey: sshPublicKey.describe("OpenSSH public key: RSA of at least 2048 bits, ECDSA or Ed25519."),
  ownerId: anyId.optional().describe("A user or bot; defaults to the caller. Only admins may name someone else."),
});
export type SshCredentialCreateParams = types.SshCredentialCreateParams;

/** @internal */
export const SshCredentialUpdateParams = params({
  publicKey: immutable.describe("Fixed at creation."),
  ownerId: immutable.describe("Fixed at creation."),
  description: description.optional(),
  metadata: metadata.optional(),
  acl: acl.optional().describe("Replaces the whole list."),
});
export type SshCredentialUpdateParams = types.SshCredentialUpdateParams;

export class SshCredentials extends CrudResource<SshCredential, SshCredentialCreateParams, SshCredentialUpdateParams> {
  constructor(http: HttpClient) {
    super(http, {
      collectionPath: "/ssh_credentials",
      listKey: "sshCredentials",
      model: SshCredential,
      createParams: SshCredentialCreateParams,
      updateParams: SshCredentialUpdateParams,
    });
  }
}
