/** A create whose answer is lost: sent again under the same idempotency key, or found, never made twice. */
import { randomUUID } from "node:crypto";
import { APIConnectionError, ConflictError, InternalServerError, RateLimitError } from "../../sdk/core/errors";
import type { EdgeIngress } from "../../sdk/client";
import type { KindDeclaration } from "./kind";
import { writingApi } from "./page-reads";
import { type Props } from "./inputs";
import { toOutputs } from "./outputs";
import { changedKeys } from "./diff";
import { remove } from "./remove";

/** The request may have been applied although no answer came: a reset or timeout after sending, a 5xx. */
function ambiguous(e: unknown): boolean {
  return e instanceof InternalServerError || (e instanceof APIConnectionError && !e.certainlyNotSent);
}

/** A failure that says nothing about the request's fate beyond "try again": ambiguous, a 429, or not sent. */
function passing(e: unknown): boolean {
  return ambiguous(e) || e instanceof RateLimitError || e instanceof APIConnectionError;
}

const LOST_CREATE_ATTEMPTS = 5;
/** The service's `Date` header has whole seconds: a creation after our request may read up to 1 s earlier. */
const CLOCK_RESOLUTION_MS = 1000;

/**
 * Ids this provider process made or adopted. A lost create never takes one of these: it belongs to
 * another resource (two identical keys made in the same `up`).
 */
const claimed = new Set<string>();
export function claim<T extends { id: string }>(obj: T): T {
  claimed.add(obj.id);
  return obj;
}

/**
 * One create, without duplicates or takeovers when an answer is lost (docs/provider.md, "A create whose
 * answer is lost"). Every attempt carries the same idempotency key: where the service honours keys
 * (it says so in `Edge-Ingress-Extensions`), sending again is answered with what the first request did,
 * so nothing has to be guessed. Otherwise, and when attempts run out or a later attempt fails for good,
 * the resources that could be this request's are looked up: equal fields, created by the service's
 * clock after the request began, and not made or adopted in this process for another resource. None:
 * not applied, sent again. Exactly one: ours. Any other evidence (several, or one whose creation time
 * cannot be placed) fails naming them, since a failed `up` can be retried and a resource taken from
 * someone else cannot be given back.
 */
export async function createOnce(decl: KindDeclaration, client: EdgeIngress, params: Props, inputs: Props): Promise<any> {
  const api = writingApi(decl.api(client));
  const idempotencyKey = randomUUID();
  const offset = client.service?.clockOffsetMs;
  const since = offset === undefined ? undefined : Date.now() + offset - CLOCK_RESOLUTION_MS;
  let lost = false;
  for (let attempt = 1; ; attempt++) {
    try {
      return claim(await api.create(params, { idempotencyKey }));
    } catch (e) {
      const keys = client.service?.idempotencyKeys === true;
      // With keys the sdk itself sends a create again after a lost answer: a 429 or a refused
      // connection at the end may hide an earlier send that was applied.
      if (keys && passing(e)) lost = true;
      // Before any lost answer, a failure means nothing was made.
      if (!lost && !ambiguous(e)) throw e;
      lost = true;
      const last = attempt >= LOST_CREATE_ATTEMPTS;
      // With keys, the repeat's answer is authoritative: what the first request did, or a new create.
      if (keys && passing(e) && !last) continue;
      // Even after the last attempt, or a failure for good: what an earlier one made must be found, not orphaned.
      const { ours, unplaced } = await candidates(decl, client, params, inputs, since);
      if (ours.length > 1 || unplaced.length) {
        const ids = [...ours, ...unplaced].map((m) => m.id).join(", ");
        throw new Error(
          `${decl.name}: the answer to a create was lost, and which resource it made cannot be told apart from others with the same fields (${ids}). ` +
            `Nothing was adopted or deleted. If one of them is this resource's, declare it with adopt: "<id>" and run up again; otherwise remove the ones that are not someone else's.`,
        );
      }
      if (ours.length === 1) {
        if (!decl.recreateLostCreate) return claim(ours[0]);
        // Its secret was only in the lost answer: made again, so the one we made is not left behind.
        await remove(decl, client, ours[0].id);
      }
      // Without keys, a conflict after a lost answer was our own request: found above, or gone since.
      if (last || !(passing(e) || e instanceof ConflictError)) throw e;
    }
  }
}

/**
 * What a lost create may have made: resources with the declared fields that no other resource of this
 * process owns, split into those created after `since` (service clock) and those whose creation cannot
 * be placed (no creation time, or no service clock known). Those created before the request are not
 * candidates at all: they are someone else's.
 */
async function candidates(
  decl: KindDeclaration,
  client: EdgeIngress,
  params: Props,
  inputs: Props,
  since: number | undefined,
): Promise<{ ours: any[]; unplaced: any[] }> {
  const items = await listWithRetries(decl, client, params);
  const ours: any[] = [];
  const unplaced: any[] = [];
  for (const item of items) {
    // A value the service never shows (a private key) is taken as declared, as adopting does.
    if (claimed.has(item.id) || changedKeys(decl, toOutputs(decl, item, inputs), inputs).length) continue;
    const created = typeof item.createdAt === "string" ? Date.parse(item.createdAt) : NaN;
    if (since === undefined || Number.isNaN(created)) unplaced.push(item);
    else if (created >= since) ours.push(item);
  }
  return { ours, unplaced };
}

/** The kind's list (what a create may have made), tried again while it fails in a way that may pass. */
async function listWithRetries(decl: KindDeclaration, client: EdgeIngress, params: Props): Promise<any[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      const listed = decl.listFor ? decl.listFor(client, params) : decl.api(client).list?.();
      if (!listed) throw new Error(`${decl.name} cannot be listed`);
      const items: any[] = [];
      if (Symbol.asyncIterator in listed) for await (const item of listed as AsyncIterable<any>) items.push(item);
      else items.push(...(await listed));
      return items;
    } catch (e) {
      if (attempt >= LOST_CREATE_ATTEMPTS || !passing(e)) {
        throw new Error(
          `${decl.name}: the answer to a create was lost, and what it may have made could not be listed (${(e as Error).message}); list the ${decl.name} resources and adopt the one made now, if any, with adopt: "<id>"`,
        );
      }
    }
  }
}
