/**
 * Refresh reads by page (docs/provider.md, "Refresh reads by page"). The engine reads every resource
 * of a stack, at most `--parallel` at a time and roughly oldest first, while lists come newest first,
 * 100 to a page. One provider process serves every resource of the stack, so the reads of one kind
 * (per client) share one reader that answers them from the kind's pages where that costs fewer
 * requests than a GET each, and with a GET otherwise. Answers are exactly what the GET would give: a
 * listed item is the GET's representation (the kind declares it, `refresh: { by: "pages" }`), and a
 * resource is gone only when the complete list was read without it (and it is older than the list's
 * newest item); a partial or failed list leaves
 * the read to its GET.
 */
import type { EdgeIngress } from "../../sdk/client";
import { compositeId } from "./ids";
import type { KindApi, KindDeclaration } from "./kind";

type Props = Record<string, any>;
type Obj = Record<string, any> & { id: string };

/** A read answered from a complete listing without its id: the resource is gone. */
export const GONE: unique symbol = Symbol("gone");
export type Found = Obj | typeof GONE;

/** Settings; tests replace the clock. */
export const pageReads = {
  now: (): number => Date.now(),
  /** Cached pages are used for this long after their listing's first page. */
  ttlMs: 60_000,
  /** Pages the reader may spend beyond what the reads pay for; the first page is one of them. */
  spare: 3,
  /**
   * Before paying GETs for reads the pages cannot yet afford, wait this long after the last read came:
   * the engine fills its `--parallel` slots a read at a time, and the first page is often back before
   * they are all in. Once no read came for this long, the reads seen are all that will come for now.
   */
  gatherMs: 100,
};

/** `createdAt` has whole seconds. */
const RESOLUTION_MS = 1000;
const PAGE_SIZE = 100;

// Every write of this process (create, update, delete, module PUT/DELETE, adopt's update) goes through
// `written`: it moves the generation when it starts and when it ends, so a page fetched before it or
// while it was in flight is never used. Process-wide rather than per client: a write through one
// connection may change what another connection to the same account lists, and refreshes write nothing.
let generation = 0;
let writes = 0;

export async function written<T>(write: () => Promise<T>): Promise<T> {
  generation++;
  writes++;
  try {
    return await write();
  } finally {
    writes--;
    generation++;
  }
}

/** The writes' generation and how many are in flight: what another cache of listings (children.ts) is valid for. */
export const writeState = (): { readonly generation: number; readonly writes: number } => ({ generation, writes });

/** A cached listing is used while no write of the process came since it began and it is younger than `ttlMs`. */
export const isCurrent = (listing: { readonly generation: number; readonly startedAt: number }): boolean =>
  listing.generation === generation && pageReads.now() - listing.startedAt <= pageReads.ttlMs;

/** The kind's api with its writes made through `written`. */
export function writingApi<T extends { id: string }>(api: KindApi<T>): KindApi<T> {
  return {
    list: api.list && (() => api.list!()),
    get: (id) => api.get(id),
    create: (params, options) => written(() => api.create(params, options)),
    update: (id, params) => written(() => api.update(id, params)),
    delete: (id) => written(() => api.delete(id)),
    replaceModule: api.replaceModule && ((id, name, params) => written(() => api.replaceModule!(id, name, params))),
    deleteModule: api.deleteModule && ((id, name) => written(() => api.deleteModule!(id, name))),
  };
}

const timeOf = (value: unknown): number | undefined => {
  const t = typeof value === "string" ? Date.parse(value) : NaN;
  return Number.isNaN(t) ? undefined : t;
};

/**
 * Whether a complete list's silence about a read's id means it is gone: only for a resource made
 * before the newest listed item (a whole second before, as `createdAt` has whole seconds). One made
 * since the list was read, or of unknown age (an import carries no state), is left to its GET.
 */
const listedBefore = (listing: { readonly newest?: number }, p: { readonly createdAt: number | undefined }): boolean =>
  p.createdAt !== undefined && listing.newest !== undefined && p.createdAt < listing.newest;

type PageStep = { readonly items: readonly Obj[]; readonly nextPageUri: string | null };

/** One pass over the kind's pages, newest first. */
interface Listing {
  readonly generation: number;
  readonly startedAt: number;
  readonly pages: AsyncIterator<PageStep>;
  readonly items: Map<string, Obj>;
  /** Ids answered from it: a second read of one (a later refresh in the same process) wants a fresh look. */
  readonly answered: Set<string>;
  fetching: boolean;
  complete: boolean;
  count: number;
  /** createdAt (ms) of the newest and oldest item listed. */
  newest?: number;
  oldest?: number;
  pageSize: number;
}

interface Pending {
  readonly id: string;
  readonly createdAt: number | undefined;
  resolve(found: Found): void;
  reject(e: unknown): void;
}

/**
 * The reads of one paged kind on one client. The rule (a ski rental with a density estimate): the
 * first page is always fetched (one of the `spare` pages). After each page, E = the pages still needed
 * to reach the oldest pending read, from its createdAt and the listed items' createdAt density
 * (unknown: infinite). The next page is fetched while E ≤ spare + R − (P − H), with R the distinct
 * reads seen, P the pages fetched and H the reads answered from pages: the pages that no read paid for
 * stay within the spare ones plus one per read, so the reads cost at most twice their GETs plus
 * `spare`, and a handful of resources among thousands costs its GETs plus the first page. Otherwise
 * the oldest pending reads, as many as the budget falls short, are read with a GET, once no new read
 * has come for `gatherMs`; each one answered lets the engine send another read (R grows), and the rest
 * wait for that to decide again.
 */
class PagedReader {
  private listing?: Listing;
  private pending: Pending[] = [];
  private readonly seen = new Set<string>();
  private fetched = 0;
  private hits = 0;
  private listFailedAt?: number;
  /** Reads that came (repeats included), and how many had come when the gathering wait last began. */
  private arrivals = 0;
  private gatheredAt?: number;
  private gathering?: NodeJS.Timeout;

  constructor(private readonly api: KindApi<Obj>) {}

  read(id: string, props: Props): Promise<Found> {
    this.seen.add(id);
    this.arrivals++;
    const failed = this.listFailedAt !== undefined && pageReads.now() - this.listFailedAt < pageReads.ttlMs;
    if (writes > 0 || failed) return this.api.get(id);
    if (this.listing?.answered.has(id)) this.listing = undefined;
    return new Promise<Found>((resolve, reject) => {
      this.pending.push({ id, createdAt: timeOf(props.createdAt), resolve, reject });
      this.decide();
    });
  }

  private decide(): void {
    let listing = this.listing;
    if (listing && !isCurrent(listing)) listing = this.listing = undefined;
    if (listing?.fetching) return;
    if (listing) this.answer(listing);
    if (!this.pending.length) return;
    if (writes > 0) return this.get(this.pending.length);
    if (!listing) {
      const pages = this.api.list!().pages!() as AsyncIterator<PageStep>;
      listing = this.listing = {
        generation,
        startedAt: pageReads.now(),
        pages,
        items: new Map(),
        answered: new Set(),
        fetching: false,
        complete: false,
        count: 0,
        pageSize: PAGE_SIZE,
      };
      return this.fetch(listing);
    }
    // A read without a creation time cannot be placed in the list.
    this.pending.sort((a, b) => (a.createdAt ?? -Infinity) - (b.createdAt ?? -Infinity));
    const unplaced = this.pending.filter((p) => p.createdAt === undefined).length;
    if (unplaced) return this.get(unplaced);
    const needed = pagesTo(listing, this.pending[0].createdAt!);
    const budget = pageReads.spare + this.seen.size - (this.fetched - this.hits);
    if (needed <= budget) return this.fetch(listing);
    if (needed !== Infinity && this.gatheredAt !== this.arrivals) return this.gather();
    this.get(needed === Infinity ? this.pending.length : Math.min(this.pending.length, needed - budget));
  }

  /** Decides again once no read has come for `gatherMs` (each read that comes meanwhile restarts the wait). */
  private gather(): void {
    this.gatheredAt = this.arrivals;
    clearTimeout(this.gathering);
    this.gathering = setTimeout(() => {
      this.gathering = undefined;
      this.decide();
    }, pageReads.gatherMs);
    this.gathering.unref();
  }

  /** Answers the pending reads the listing can: listed, gone from a complete list, or (absent where it was listed) by a GET. */
  private answer(listing: Listing): void {
    const still: Pending[] = [];
    for (const p of this.pending) {
      const obj = listing.items.get(p.id);
      if (obj || (listing.complete && listedBefore(listing, p))) {
        listing.answered.add(p.id);
        this.hits++;
        p.resolve(obj ?? GONE);
      } else if (listing.complete) {
        this.send(p); // made after the list was read, or of unknown age (an import): only the GET can tell
      } else if (p.createdAt !== undefined && listing.oldest !== undefined && p.createdAt > listing.oldest) {
        this.send(p); // newer than the listed part, yet not in it: only the GET can tell
      } else {
        still.push(p);
      }
    }
    this.pending = still;
  }

  /** GETs the first `n` pending reads (oldest first). */
  private get(n: number): void {
    for (const p of this.pending.splice(0, n)) this.send(p);
  }

  private send(p: Pending): void {
    this.api
      .get(p.id)
      .then(p.resolve, p.reject)
      .finally(() => this.decide());
  }

  private fetch(listing: Listing): void {
    listing.fetching = true;
    this.fetched++;
    const clean = writes === 0;
    const since = generation;
    listing.pages.next().then(
      (step) => {
        listing.fetching = false;
        if (this.listing !== listing) return this.decide();
        if (!clean || generation !== since) {
          // A write began meanwhile: this page may be older than it.
          this.listing = undefined;
          return this.get(this.pending.length);
        }
        if (step.done || step.value.nextPageUri === null) listing.complete = true;
        if (!step.done) this.add(listing, step.value);
        this.decide();
      },
      () => {
        listing.fetching = false;
        if (this.listing !== listing) return this.decide();
        // A list that fails never says anything: these reads and the next ones are GETs for a while.
        this.listing = undefined;
        this.listFailedAt = pageReads.now();
        this.get(this.pending.length);
      },
    );
  }

  private add(listing: Listing, page: PageStep): void {
    if (listing.count === 0 && page.nextPageUri !== null && page.items.length) listing.pageSize = page.items.length;
    for (const item of page.items) {
      listing.items.set(item.id, item);
      listing.count++;
      const t = timeOf(item.createdAt);
      if (t === undefined) continue;
      listing.newest = Math.max(listing.newest ?? t, t);
      listing.oldest = Math.min(listing.oldest ?? t, t);
    }
  }
}

/**
 * Pages still needed to reach an item created at `t`: 1 for the oldest listed second (its items may go
 * on), else the items between at the listed density. Items made in one burst share a second or a
 * few: the listed ones are taken to span a second more than their whole-second stamps say, a floor of
 * their density however short the burst. Too few pages estimated spend only what the reads' budget
 * allows (`decide`); too many (a short span once counted as unknown) send every waiting read to its GET.
 * Infinite without creation times, or with only one.
 */
export function pagesTo(listing: Pick<Listing, "newest" | "oldest" | "count" | "pageSize">, t: number): number {
  const { newest, oldest, count, pageSize } = listing;
  if (newest === undefined || oldest === undefined) return Infinity;
  if (t >= oldest) return 1;
  if (count < 2) return Infinity;
  const between = ((count - 1) / (newest - oldest + RESOLUTION_MS)) * (oldest - t);
  return Math.max(1, Math.ceil(between / pageSize - 1e-9));
}

interface ParentListing {
  readonly generation: number;
  readonly startedAt: number;
  readonly answered: Set<string>;
  /** The parent's children by id; undefined when the listing failed or a write overlapped it. */
  readonly items: Promise<Map<string, Obj> | undefined>;
}

/**
 * The reads of a nested kind on one client: the first read of a child lists its parent's children once
 * (one request, as its own GET would be), and that listing answers every child of the parent. The
 * listing is complete (a route's edge carries all its routes; a subscription's sources have no pages),
 * so a child absent from it is gone; a failed listing, a parent not found included, leaves each read
 * to its GET.
 */
class ParentReader {
  private readonly listings = new Map<string, ParentListing>();

  constructor(
    private readonly decl: KindDeclaration,
    private readonly client: EdgeIngress,
  ) {}

  async read(id: string): Promise<Found> {
    const api = this.decl.api(this.client);
    if (writes > 0) return api.get(id);
    const [parentId] = compositeId.split(id);
    let listing = this.listings.get(parentId);
    if (!listing || !isCurrent(listing) || listing.answered.has(id)) {
      const since = generation;
      const items = this.children(parentId).then(
        (children) => (generation === since && writes === 0 ? children : undefined),
        () => undefined,
      );
      listing = { generation: since, startedAt: pageReads.now(), answered: new Set(), items };
      this.listings.set(parentId, listing);
    }
    listing.answered.add(id);
    const children = await listing.items;
    if (!children) return api.get(id);
    return children.get(id) ?? GONE;
  }

  private async children(parentId: string): Promise<Map<string, Obj>> {
    const listed = this.decl.listFor!(this.client, { [this.decl.parent!.key]: parentId });
    const items: Obj[] = [];
    if (Symbol.asyncIterator in listed) for await (const item of listed as AsyncIterable<Obj>) items.push(item);
    else items.push(...(await (listed as Promise<Obj[]>)));
    return new Map(items.map((item) => [item.id, item]));
  }
}

const readers = new WeakMap<EdgeIngress, Map<string, PagedReader | ParentReader>>();

/** The resource as a GET would answer it, or GONE; a NotFoundError from a GET is the caller's, as before. */
export function readResource(decl: KindDeclaration, client: EdgeIngress, id: string, props: Props): Promise<Found> {
  const api = decl.api(client) as KindApi<Obj>;
  const by = decl.refresh?.by ?? "one";
  const paged = by === "pages" && typeof api.list?.().pages === "function";
  const nested = by === "parent" && decl.parent?.nested !== undefined && decl.listFor !== undefined;
  if (!paged && !nested) return api.get(id);
  let byKind = readers.get(client);
  if (!byKind) readers.set(client, (byKind = new Map()));
  let reader = byKind.get(decl.name);
  if (!reader) byKind.set(decl.name, (reader = paged ? new PagedReader(api) : new ParentReader(decl, client)));
  return reader instanceof PagedReader ? reader.read(id, props) : reader.read(id);
}
