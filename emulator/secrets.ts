import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** A new bearer token: 32 random bytes, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Tokens are kept only as this SHA-256 hex digest. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/**
 * Constant-time check of a presented token against a stored digest; hashing first gives both sides the
 * same length, so timingSafeEqual never throws and the comparison leaks nothing about the token.
 */
export function tokenMatches(token: string, digestHex: string): boolean {
  const stored = Buffer.from(digestHex, "hex");
  const presented = createHash("sha256").update(token, "utf8").digest();
  return stored.length === presented.length && timingSafeEqual(stored, presented);
}

/** Tokens must fit in `Authorization: Bearer <token>`: visible ASCII, no spaces. */
export function isValidToken(token: string): boolean {
  return /^[\x21-\x7e]{1,512}$/.test(token);
}
