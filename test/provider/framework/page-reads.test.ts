/**
 * Refresh reads by page (provider/framework/page-reads.ts) against the emulator, its request counters
 * telling what each refresh cost. The many-rule accounts are written into the emulator's data file with
 * creation times a few seconds apart, as an account whose rules were made at the service's rate
 * limit has them (120 a minute is one every half second); the creation times' spread is what the
 * paging decision measures.
 */
import { refusingProxy } from "../../support/proxy";
import type * as http from "node:http";
import { rfc3339 } from "../../../emulator/state/ids";
import type { EdgeIngress } from "../../../sdk";
import type { KindDeclaration } from "../../../provider/framework/kind";
import * as lifecycle from "../../../provider/framework/lifecycle";
import { pageReads, pagesTo, readResource, written, GONE } from "../../../provider/framework/page-reads";
import { kinds, declarationOf } from "../../../provider/kinds";
import { start, type Started } from "../../support/emulator";
import {
  RULE,
  accountWithRules as account,
  byGet,
  clientOf,
  refresh,
  requests,
  resetCounters,
  stateOf,
  total,
  type Entry,
} from "./rules-account";

const SPACING_MS = 3000;
/** `count` rules made SPACING_MS apart, the newest an hour ago. */
const accountWithRules = (count: number) => {
  const base = Date.now() - count * SPACING_MS - 3_600_000;
  return account(count, (i) => base + i * SPACING_MS);
};
const running: Started[] = [];
afterAll(() => Promise.all(running.map((s) => s.close())));

describe("many rules in an account holding just those", () => {
  let s: Started;
  let entries: Entry[];
  beforeAll(async () => {
    ({ s } = await accountWithRules(1000));
    entries = await stateOf(s);
    await resetCounters(s);
  }, 60_000);

  test("1000 rules read oldest first, 8 at a time: about 10 pages, the results GETs give", async () => {
    const results = await refresh(RULE, clientOf(s.url, s.rootToken), entries);
    const counts = await requests(s);
    // 10 pages of 100, and at most 2 more requests of any kind.
    expect(counts["GET /ip_policy_rules"]).toBeGreaterThanOrEqual(10);
    expect(total(counts)).toBeLessThanOrEqual(12);
    expect(results).toEqual(entries.map((e) => ({ id: e.id, props: e.props })));
    expect(results).toEqual(await byGet(s, entries));
  });

  test("reads that come one after another, slower than the first page: they are waited for, not read by GET", async () => {
    // A gap between arrivals longer than gatherMs decides for GETs; a loaded machine (load 30 on two cores)
    // stretched the 20 ms gaps past the default 100 ms. The rule is the count, not the machine's speed.
    const gatherMs = pageReads.gatherMs;
    pageReads.gatherMs = 5000;
    try {
      const results = await refresh(RULE, clientOf(s.url, s.rootToken), entries, 8, 20);
      const counts = await requests(s);
      expect(counts["GET /ip_policy_rules/{id}"]).toBeUndefined();
      expect(total(counts)).toBeLessThanOrEqual(12);
      expect(results).toEqual(entries.map((e) => ({ id: e.id, props: e.props })));
    } finally {
      pageReads.gatherMs = gatherMs;
      await resetCounters(s);
    }
  });

  test("the same arrivals without the wait (gatherMs 0): the first reads are paid with GETs, the results the same", async () => {
    const gatherMs = pageReads.gatherMs;
    pageReads.gatherMs = 0;
    try {
      const results = await refresh(RULE, clientOf(s.url, s.rootToken), entries, 8, 20);
      const counts = await requests(s);
      expect(counts["GET /ip_policy_rules/{id}"]).toBeGreaterThan(0);
      expect(results).toEqual(entries.map((e) => ({ id: e.id, props: e.props })));
    } finally {
      pageReads.gatherMs = gatherMs;
      await resetCounters(s);
    }
  });

  test("changed, unchanged and gone (deleted out of band) read exactly as their GETs would", async () => {
    const changed = [entries[0], entries[500], entries[999]];
    const deleted = [entries[1], entries[640]];
    for (const e of changed) await s.client.ipPolicyRules.update(e.id, { description: `changed ${e.id}` });
    for (const e of deleted) await s.client.ipPolicyRules.delete(e.id);
    await resetCounters(s);
    const results = await refresh(RULE, clientOf(s.url, s.rootToken), entries);
    const counts = await requests(s);
    expect(total(counts)).toBeLessThanOrEqual(12);
    for (const e of changed) expect(results[entries.indexOf(e)].props!.description).toBe(`changed ${e.id}`);
    // Absent from the complete list: gone, as their 404s say, without a GET of either.
    for (const e of deleted) expect(results[entries.indexOf(e)]).toEqual({});
    expect(counts["GET /ip_policy_rules/{id}"] ?? 0).toBeLessThanOrEqual(2);
    expect(results).toEqual(await byGet(s, entries));
    // The stack's state after this refresh.
    entries = entries.flatMap((e, i) => (results[i].id ? [{ id: e.id, props: results[i].props! }] : []));
  });

  test("a write of the provider in between: nothing cached from before it is used", async () => {
    const client = clientOf(s.url, s.rootToken);
    const [a, b] = [entries[entries.length - 1], entries[entries.length - 2]];
    expect((await lifecycle.read(RULE, client, a.id, a.props)).props).toEqual(a.props); // caches the newest page
    await resetCounters(s);
    const news = { ...b.props, description: "written by the provider" };
    const updated = await lifecycle.update(RULE, client, b.id, b.props, news);
    const read = await lifecycle.read(RULE, client, b.id, updated.outs!);
    expect(read.props!.description).toBe("written by the provider");
    const counts = await requests(s);
    expect(counts["PATCH /ip_policy_rules/{id}"]).toBe(1);
    // Read again, by a fresh page or a GET: one request after the write.
    expect((counts["GET /ip_policy_rules"] ?? 0) + (counts["GET /ip_policy_rules/{id}"] ?? 0)).toBe(1);
    entries[entries.length - 2] = { id: b.id, props: read.props! };
  });

  test("a list that fails is never taken as the resources being gone: each is read with a GET", async () => {
    const sample = entries.slice(0, 20);
    // Fails every list request.
    const failing = await proxy(s.url, (req) => req.method === "GET" && /^\/ip_policy_rules(\?|$)/.test(req.url ?? ""));
    await resetCounters(s);
    const results = await refresh(RULE, clientOf(failing.url, s.rootToken), sample);
    expect(failing.refused).toBe(1);
    expect(results.every((r) => r.id)).toBe(true);
    expect((await requests(s))["GET /ip_policy_rules/{id}"]).toBe(20);
    // URIs name the host addressed (the proxy): compared with GETs through it.
    expect(results).toEqual(await byGet(s, sample, RULE, failing.url));
    await failing.close();
  });

  test("a list that fails on a later page (a partial list): the reads not yet answered go to GETs, none gone", async () => {
    const sample = entries.slice(0, 16);
    const failing = await proxy(s.url, (req) => req.method === "GET" && /^\/ip_policy_rules\?.*before_id/.test(req.url ?? ""));
    await resetCounters(s);
    const results = await refresh(RULE, clientOf(failing.url, s.rootToken), sample);
    expect(failing.refused).toBe(1);
    expect(results.every((r) => r.id)).toBe(true);
    const counts = await requests(s);
    expect(counts["GET /ip_policy_rules"]).toBe(1);
    expect(counts["GET /ip_policy_rules/{id}"]).toBe(16);
    expect(results).toEqual(await byGet(s, sample, RULE, failing.url));
    await failing.close();
  });
});

describe("a handful of rules in an account holding thousands of others", () => {
  let s: Started;
  let all: Entry[];
  beforeAll(async () => {
    ({ s } = await accountWithRules(3010));
    all = await stateOf(s);
    await resetCounters(s);
  }, 60_000);

  test.each([
    ["the oldest", () => all.slice(0, 5)],
    ["in the middle", () => all.slice(1500, 1505)],
    ["spread out", () => [all[3], all[700], all[1400], all[2100], all[2800]]],
    ["the newest", () => all.slice(-5)],
  ])("five rules, %s: at most their GETs plus 3", async (_where, pick) => {
    const mine = pick();
    const results = await refresh(RULE, clientOf(s.url, s.rootToken), mine);
    expect(total(await requests(s))).toBeLessThanOrEqual(5 + pageReads.spare);
    expect(results).toEqual(mine.map((e) => ({ id: e.id, props: e.props })));
    await resetCounters(s);
  });

  test("one of them deleted out of band: the list read in part says nothing, its GET says gone", async () => {
    const mine = all.slice(10, 15);
    await s.client.ipPolicyRules.delete(mine[2].id);
    await resetCounters(s);
    const results = await refresh(RULE, clientOf(s.url, s.rootToken), mine);
    const counts = await requests(s);
    expect(results[2]).toEqual({});
    expect(results.filter((r) => r.id).length).toBe(4);
    // Not on the pages read: every one of the five asked its GET, the deleted one included.
    expect(counts["GET /ip_policy_rules/{id}"]).toBe(5);
    expect(total(counts)).toBeLessThanOrEqual(5 + pageReads.spare);
    expect(results).toEqual(await byGet(s, mine));
  });
});

describe("values shown once, and nested kinds", () => {
  let s: Started;
  beforeAll(async () => {
    s = await start();
    running.push(s);
  });

  test("API keys: each read from the page keeps its token from state, as its GET would", async () => {
    const decl = declarationOf("ApiKey");
    const client = clientOf(s.url, s.rootToken);
    const made: Entry[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await lifecycle.create(decl, client, { description: `key ${i}` });
      made.push({ id: created.id, props: created.outs! });
    }
    for (const e of made) expect(e.props.token).toEqual(expect.any(String));
    await resetCounters(s);
    const results = await refresh(decl, clientOf(s.url, s.rootToken), made);
    expect(results.map((r) => r.props!.token)).toEqual(made.map((e) => e.props.token));
    expect(await requests(s)).toEqual({ "GET /api_keys": 1 });
    expect(results).toEqual(await byGet(s, made, decl));
  });

  test("routes: one GET of their edge answers every route of it; a route deleted out of band is gone", async () => {
    const decl = declarationOf("HttpsEdgeRoute");
    const edge = await s.client.httpsEdges.create({ hostports: ["page-reads.example.com:443"] });
    const routes: Entry[] = [];
    for (const match of ["/a", "/b", "/c", "/d"]) {
      const obj = await decl.api(s.client).create({ edgeId: edge.id, matchType: "path_prefix", match });
      routes.push({ id: obj.id, props: lifecycle.toOutputs(decl, obj) });
    }
    await s.client.httpsEdgeRoutes.delete(edge.id, routes[3].props.routeId ?? routes[3].id.split("/")[1]);
    await resetCounters(s);
    const results = await refresh(decl, clientOf(s.url, s.rootToken), routes);
    expect(await requests(s)).toEqual({ "GET /edges/https/{id}": 1 });
    expect(results.slice(0, 3)).toEqual(routes.slice(0, 3).map((e) => ({ id: e.id, props: e.props })));
    expect(results[3]).toEqual({});
    expect(results).toEqual(await byGet(s, routes, decl));
  });

  test("event sources: one list of their subscription answers each of them", async () => {
    const decl = declarationOf("EventSource");
    const destination = await s.client.eventDestinations.create({
      target: { logs: { logGroupResourceName: "lg", auth: { role: { roleResourceName: "role" } } } },
    } as any);
    const sub = await s.client.eventSubscriptions.create({
      destinationIds: [destination.id],
      sources: [{ type: "ip_policy_created.v0" }, { type: "ip_policy_updated.v0" }],
    });
    const sources: Entry[] = [];
    for (const type of ["ip_policy_created.v0", "ip_policy_updated.v0"]) {
      const obj = await decl.api(s.client).get(`${sub.id}/${type}`);
      sources.push({ id: obj.id, props: lifecycle.toOutputs(decl, obj) });
    }
    await resetCounters(s);
    const results = await refresh(decl, clientOf(s.url, s.rootToken), sources);
    expect(await requests(s)).toEqual({ "GET /event_subscriptions/{subscription_id}/sources": 1 });
    expect(results).toEqual(sources.map((e) => ({ id: e.id, props: e.props })));
    expect(results).toEqual(await byGet(s, sources, decl));
  });
});

describe("the rule, on a scripted list (simulated clock)", () => {
  const now = pageReads.now;
  afterEach(() => {
    pageReads.now = now;
  });

  /** A kind whose list answers pages of `items` (newest first) when `release` is called. */
  function scripted(items: Array<{ id: string; createdAt: string }>, pageSize = 100) {
    const waiting: Array<() => void> = [];
    const calls = { pages: 0, gets: [] as string[] };
    const api = {
      list: () => ({
        [Symbol.asyncIterator]: () => ({ next: async () => ({ done: true as const, value: undefined }) }),
        toArray: async () => items,
        async *pages() {
          for (let i = 0; i < items.length; i += pageSize) {
            calls.pages++;
            await new Promise<void>((resolve) => waiting.push(resolve));
            yield { items: items.slice(i, i + pageSize), nextPageUri: i + pageSize < items.length ? `page${i + pageSize}` : null };
          }
        },
      }),
      get: async (id: string) => {
        calls.gets.push(id);
        return items.find((item) => item.id === id)!;
      },
      create: async () => undefined,
      update: async () => undefined,
      delete: async () => undefined,
    };
    const decl = { ...RULE, name: `Scripted${Math.random()}`, api: () => api } as unknown as KindDeclaration;
    const release = async () => {
      while (!waiting.length) await new Promise((r) => setImmediate(r));
      waiting.shift()!();
      await new Promise((r) => setImmediate(r));
    };
    return { decl, calls, release, client: {} as EdgeIngress };
  }
  const at = (i: number) => ({ id: `r${i}`, createdAt: rfc3339(new Date(Date.UTC(2026, 0, 1) + i * 60_000)) });

  test("a page fetched while a write was in flight is not used: the reads waiting on it are GETs", async () => {
    const items = Array.from({ length: 50 }, (_, i) => at(49 - i));
    const { decl, calls, release, client } = scripted(items);
    const read = readResource(decl, client, "r3", { createdAt: at(3).createdAt });
    let finish!: () => void;
    const write = written(() => new Promise<void>((resolve) => (finish = resolve)));
    await release();
    expect(await read).toEqual(at(3));
    expect(calls.gets).toEqual(["r3"]);
    finish();
    await write;
  });

  test("cached pages expire: a read after the time-to-live lists again", async () => {
    let clock = 1_000_000;
    pageReads.now = () => clock;
    const items = Array.from({ length: 50 }, (_, i) => at(49 - i));
    const { decl, calls, release, client } = scripted(items);
    const first = readResource(decl, client, "r3", { createdAt: at(3).createdAt });
    await release();
    expect(await first).toEqual(at(3));
    expect(await readResource(decl, client, "r4", { createdAt: at(4).createdAt })).toEqual(at(4));
    expect(calls.pages).toBe(1);
    clock += pageReads.ttlMs + 1;
    const late = readResource(decl, client, "r5", { createdAt: at(5).createdAt });
    await release();
    expect(await late).toEqual(at(5));
    expect(calls).toEqual({ pages: 2, gets: [] });
  });

  test("a read of an id absent from the complete list is gone; a second read of an id looks again", async () => {
    const items = Array.from({ length: 50 }, (_, i) => at(49 - i));
    const { decl, calls, release, client } = scripted(items);
    const gone = readResource(decl, client, "r999", { createdAt: at(10).createdAt });
    await release();
    expect(await gone).toBe(GONE);
    expect(await readResource(decl, client, "r1", { createdAt: at(1).createdAt })).toEqual(at(1));
    const again = readResource(decl, client, "r1", { createdAt: at(1).createdAt });
    await release();
    expect(await again).toEqual(at(1));
    expect(calls).toEqual({ pages: 2, gets: [] });
  });

  test("an id absent from a complete list yet newer than all it holds, or of unknown age (an import): read by GET, not gone", async () => {
    const items = Array.from({ length: 50 }, (_, i) => at(49 - i));
    const { decl, calls, release, client } = scripted(items);
    const listed = readResource(decl, client, "r3", { createdAt: at(3).createdAt });
    await release();
    expect(await listed).toEqual(at(3));
    // Made after the listing (by hand, then imported or read): the cached list cannot know of it.
    items.unshift(at(60), at(61));
    expect(await readResource(decl, client, "r60", { createdAt: at(60).createdAt })).toEqual(at(60));
    expect(await readResource(decl, client, "r61", {})).toEqual(at(61));
    expect(calls).toEqual({ pages: 1, gets: ["r60", "r61"] });
  });

  test("made in the newest listed second but absent from the complete list (made just after it was read): read by GET, not gone", async () => {
    const second = (i: number) => ({ id: `s${i}`, createdAt: at(50).createdAt });
    const items = Array.from({ length: 50 }, (_, i) => second(49 - i));
    const { decl, calls, release, client } = scripted(items);
    const listed = readResource(decl, client, "s3", { createdAt: second(3).createdAt });
    await release();
    expect(await listed).toEqual(second(3));
    items.unshift(second(50));
    expect(await readResource(decl, client, "s50", { createdAt: second(50).createdAt })).toEqual(second(50));
    expect(calls).toEqual({ pages: 1, gets: ["s50"] });
  });

  test("pages still needed: from the listed density, at least a second's span taken for whole-second stamps", () => {
    const minute = 60_000;
    // 100 items a minute apart, the oldest listed at t = 0: 900 minutes further back is 9 pages.
    expect(pagesTo({ newest: 99 * minute, oldest: 0, count: 100, pageSize: 100 }, -900 * minute)).toBe(9);
    expect(pagesTo({ newest: 99 * minute, oldest: 0, count: 100, pageSize: 100 }, 0)).toBe(1);
    // Items made in a burst, stamped within two seconds: they took under three, so 99 in 3 s at least.
    expect(pagesTo({ newest: 2000, oldest: 0, count: 100, pageSize: 100 }, -3000)).toBe(1);
    expect(pagesTo({ newest: 2000, oldest: 0, count: 100, pageSize: 100 }, -60_000)).toBe(20);
    // All in one second: 99 a second at least.
    expect(pagesTo({ newest: 0, oldest: 0, count: 100, pageSize: 100 }, -10_000)).toBe(10);
    // No creation times: no telling.
    expect(pagesTo({ newest: undefined, oldest: undefined, count: 100, pageSize: 100 }, -60_000)).toBe(Infinity);
  });

  test("every kind declares how a refresh reads it; one by one with a reason", () => {
    for (const decl of Object.values(kinds)) {
      expect({ kind: decl.name, declared: decl.refresh !== undefined }).toEqual({ kind: decl.name, declared: true });
      if (decl.refresh?.by === "one") expect(decl.refresh.why.length).toBeGreaterThan(20);
      if (decl.refresh?.by === "parent") expect(decl.parent?.nested && decl.listFor).toBeTruthy();
    }
  });
});

const proxy = (target: string, refuse: (req: http.IncomingMessage) => boolean) =>
  refusingProxy(target, refuse, { status: 500, code: "INTERNAL_ERROR" });
