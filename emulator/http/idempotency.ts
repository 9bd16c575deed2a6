/**
 * Idempotency keys (an extension, docs/api-choices.md#idempotency-keys): a POST that carries
 * `Idempotency-Key` and is answered 201 is remembered per principal and key, so a retry with the same key
 * and the same request gets the same answer instead of a second record. In memory only.
 */
import { ApiError, fieldError } from "../errors";
import type { Principal } from "../state/rules";

export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
/** On a replayed answer. */
export const REPLAYED_HEADER = "Idempotent-Replayed";
/** On every response: the extensions a client may rely on. */
export const EXTENSIONS_HEADER = "Edge-Ingress-Extensions";
export const EXTENSIONS = "idempotency-key";

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_MAX_ENTRIES = 10_000;

const KEY_RULE = "must be 1 to 255 visible ASCII characters (no spaces)";

/** The header's value (undefined when absent); a malformed one is 400 INVALID_HEADER. The value is never quoted. */
export function parseIdempotencyKey(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!/^[\x21-\x7e]{1,255}$/.test(value)) throw fieldError("INVALID_HEADER", IDEMPOTENCY_KEY_HEADER, KEY_RULE);
  return value;
}

/** JSON with object keys sorted at every level and no whitespace: equal bodies give equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value);
}

/** What makes two requests "the same": method, path and canonical body. */
export function fingerprint(method: string, path: string, body: unknown): string {
  return `${method} ${path}\n${canonicalJson(body)}`;
}

/** The root token and an API key of the same owner are different principals: they may do different things. */
function principalKey(principal: Principal): string {
  return `${principal.admin ? "root" : "key"}:${principal.ownerId}`;
}

export interface RememberedAnswer {
  status: number;
  body?: unknown;
}

interface Entry extends RememberedAnswer {
  fingerprint: string;
  expiresAt: number;
}

export interface IdempotencyOptions {
  ttlMs?: number;
  maxEntries?: number;
  /** The clock (ms), for tests. */
  now?: () => number;
}

/** Remembered answers, oldest first (Map order); expired ones are dropped when met, the oldest beyond the bound. */
export class IdempotencyCache {
  private readonly entries = new Map<string, Entry>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: IdempotencyOptions = {}) {
    this.ttlMs = options.ttlMs ?? IDEMPOTENCY_TTL_MS;
    this.maxEntries = options.maxEntries ?? IDEMPOTENCY_MAX_ENTRIES;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    this.prune();
    return this.entries.size;
  }

  /**
   * The remembered answer for this principal and key, undefined if none; 400 IDEMPOTENCY_KEY_REUSED if the
   * key was used for a different request.
   */
  lookup(principal: Principal, key: string, print: string): RememberedAnswer | undefined {
    this.prune();
    const entry = this.entries.get(`${principalKey(principal)}\n${key}`);
    if (!entry) return undefined;
    if (entry.fingerprint !== print) {
      throw new ApiError(
        "IDEMPOTENCY_KEY_REUSED",
        `${IDEMPOTENCY_KEY_HEADER}: was already used for a different request (method, path or body); use a new key`,
        {
          field: IDEMPOTENCY_KEY_HEADER,
          rule: "must not be reused for a different request",
        },
      );
    }
    return { status: entry.status, body: structuredClone(entry.body) };
  }

  remember(principal: Principal, key: string, print: string, answer: RememberedAnswer): void {
    const id = `${principalKey(principal)}\n${key}`;
    this.entries.delete(id); // re-inserted as the newest
    this.entries.set(id, {
      fingerprint: print,
      status: answer.status,
      body: structuredClone(answer.body),
      expiresAt: this.now() + this.ttlMs,
    });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  clear(): void {
    this.entries.clear();
  }

  /** Entries are inserted in time order with one TTL, so the expired ones are at the front. */
  private prune(): void {
    const now = this.now();
    for (const [id, entry] of this.entries) {
      if (entry.expiresAt > now) break;
      this.entries.delete(id);
    }
  }
}
