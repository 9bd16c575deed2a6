/**
 * The emulator's ids and times: ids that sort by creation (also across kinds and restarts) and the API's
 * RFC 3339 timestamps.
 */
import { randomBytes } from "node:crypto";

// Ids: prefix + "_" + 26 characters of Crockford base32 (lowercase): 10 for the millisecond time, 16 for
// an 80-bit random part that is incremented within one millisecond. Lexicographic order = creation order.
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
const SUFFIX_RE = /^[0-9a-hjkmnp-tv-z]{26}$/;
const RAND_LIMIT = 1n << 80n;

function encode(value: bigint, chars: number): string {
  let out = "";
  for (let i = 0; i < chars; i++) {
    out = ALPHABET[Number(value & 31n)] + out;
    value >>= 5n;
  }
  return out;
}

function decode(text: string): bigint {
  let value = 0n;
  for (const ch of text) value = (value << 5n) | BigInt(ALPHABET.indexOf(ch));
  return value;
}

/** True if `id` has the shape of an id of the kind with this prefix. */
export function isWellFormedId(prefix: string, id: string): boolean {
  return id.startsWith(`${prefix}_`) && SUFFIX_RE.test(id.slice(prefix.length + 1));
}

/** Monotonic id source: every id sorts after every id it has made or observed. */
export class IdGenerator {
  private lastTime = 0n;
  private lastRand = 0n;

  next(prefix: string): string {
    const now = BigInt(Date.now());
    if (now > this.lastTime) {
      this.lastTime = now;
      this.lastRand = BigInt(`0x${randomBytes(10).toString("hex")}`) >> 1n; // top bit clear: room to increment
    } else if (++this.lastRand >= RAND_LIMIT) {
      this.lastTime += 1n;
      this.lastRand = 0n;
    }
    return `${prefix}_${encode(this.lastTime, 10)}${encode(this.lastRand, 16)}`;
  }

  /** Raise the floor to an existing id (after loading), so new ids sort after it even if the clock went back. */
  observe(id: string): void {
    const suffix = id.slice(id.indexOf("_") + 1);
    const time = decode(suffix.slice(0, 10));
    const rand = decode(suffix.slice(10));
    if (time > this.lastTime || (time === this.lastTime && rand > this.lastRand)) {
      this.lastTime = time;
      this.lastRand = rand;
    }
  }
}

/** RFC 3339 UTC with whole seconds, e.g. `2026-11-22T01:44:12Z`. */
export function rfc3339(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

export function rfc3339Now(): string {
  return rfc3339(new Date());
}
