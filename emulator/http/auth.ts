/**
 * Bearer authentication (§5) and the Service-Version check (§9). Messages never repeat the header or the
 * token.
 */
import { ApiError, preview } from "../errors";
import { hashToken, tokenMatches } from "../secrets";
import { findApiKeyByToken } from "../state/api-key";
import type { Principal } from "../state/rules";
import type { Store } from "../state/store";

export const SUPPORTED_VERSION = "2";

const unauthorized = (why: string) => new ApiError("UNAUTHORIZED", `authentication failed: ${why}`);

/** Resolves an Authorization header to the root (admin) principal or an API key's owner. */
export function makeAuthenticator(store: Store, rootToken: string): (header: string | undefined) => Principal {
  const rootDigest = hashToken(rootToken);
  return (header) => {
    if (header === undefined || header.trim() === "") {
      throw unauthorized('missing Authorization header (send "Authorization: Bearer <token>")');
    }
    const match = /^Bearer +(\S+) *$/i.exec(header);
    if (!match) throw unauthorized('the Authorization header must be "Bearer <token>"');
    const token = match[1];
    if (tokenMatches(token, rootDigest)) return { ownerId: store.adminUserId, admin: true };
    const key = findApiKeyByToken(store, token);
    if (!key) throw unauthorized("the bearer token is unknown or revoked");
    return { ownerId: key.owner_id, admin: false };
  };
}

/** Absent means version 2; anything else but "2" is refused. */
export function checkServiceVersion(header: string | undefined): void {
  if (header === undefined || header.trim() === SUPPORTED_VERSION) return;
  throw new ApiError(
    "UNSUPPORTED_VERSION",
    `Service-Version ${preview(header)} is not supported; the supported version is ${SUPPORTED_VERSION}`,
    { supported_version: SUPPORTED_VERSION },
  );
}
