/**
 * What a refresh of many resources of one kind costs (provider/framework/page-reads.ts): at most
 * ceil(N/100) + 8 requests for N rules, however they were made (over an hour, in a burst of a few
 * seconds, within one second: whole-second creation times then tie) and however the engine starts the
 * reads (one at a time, its slots filled one after another, or all together while the first page is
 * still on its way). The emulator's request counters say what each refresh cost.
 */
import * as lifecycle from "../../../provider/framework/lifecycle";
import type { Started } from "../../support/emulator";
import {
  RULE,
  accountWithRules,
  byGet,
  clientOf,
  latency,
  refresh,
  requests,
  resetCounters,
  stateOf,
  total,
  type Entry,
} from "./rules-account";

const N = 1000;
const BOUND = Math.ceil(N / 100) + 8;
const hour = 3_600_000;
const since = (ms: number) => Date.now() - ms;

// Each history ends an hour before the test: what sets the cost is only how close together they were made.
const histories: Array<[string, (i: number) => number]> = [
  ["made over an hour (one every 3.6 s)", (i) => since(2 * hour) + i * 3600],
  ["made in a burst of 2.5 seconds", (i) => since(hour) + Math.floor((i * 2500) / N)],
  ["made within one second", () => since(hour)],
];
const arrivals: Array<[string, number, number, number]> = [
  // [how, parallel, stagger (ms), the listing's delay (ms)]
  ["one at a time", 1, 0, 0],
  ["8 at a time, the slots filled one after another", 8, 20, 0],
  ["all together, the listing delayed 50 ms a page", N, 0, 50],
];

describe.each(histories)("%s", (_history, madeAt) => {
  let s: Started;
  let entries: Entry[];
  beforeAll(async () => {
    ({ s } = await accountWithRules(N, madeAt));
    entries = await stateOf(s);
    await resetCounters(s);
  }, 60_000);

  test.each(arrivals)(`1000 reads %s: at most ${BOUND} requests, the results GETs give`, async (_how, parallel, stagger, delay) => {
    await latency(s, delay);
    try {
      const results = await refresh(RULE, clientOf(s.url, s.rootToken), entries, parallel, stagger);
      expect(total(await requests(s))).toBeLessThanOrEqual(BOUND);
      expect(results).toEqual(entries.map((e) => ({ id: e.id, props: e.props })));
    } finally {
      await latency(s, 0);
      await resetCounters(s);
    }
  });
});

describe("a burst within one second: what the pages cannot tell is read by GET, never taken as gone", () => {
  let s: Started;
  let entries: Entry[];
  beforeAll(async () => {
    ({ s } = await accountWithRules(N, () => since(hour)));
    entries = await stateOf(s);
    await resetCounters(s);
  }, 60_000);
  afterEach(async () => {
    await latency(s, 0);
    await resetCounters(s);
  });

  test("rules deleted by hand, the newest among them: gone, as their GETs say, within the bound", async () => {
    const deleted = [entries[0], entries[500], entries[N - 1]];
    for (const e of deleted) await s.client.ipPolicyRules.delete(e.id);
    await resetCounters(s);
    const results = await refresh(RULE, clientOf(s.url, s.rootToken), entries, N);
    expect(total(await requests(s))).toBeLessThanOrEqual(BOUND);
    for (const e of deleted) expect(results[entries.indexOf(e)]).toEqual({});
    expect(results.filter((r) => r.id).length).toBe(N - deleted.length);
    expect(results).toEqual(await byGet(s, entries));
    entries = entries.filter((e) => !deleted.includes(e));
  });

  test("a rule made by hand after the listing began, then read: found (absent from the list, its GET finds it)", async () => {
    const client = clientOf(s.url, s.rootToken);
    await latency(s, 100);
    const reads = refresh(RULE, client, entries, entries.length);
    // The first page is asked for at once; the rule is made while it is on its way (answered after it).
    await new Promise((resolve) => setTimeout(resolve, 30));
    const rule = await s.client.ipPolicyRules.create({ ipPolicyId: entries[0].props.ipPolicyId, cidr: "10.254.0.1/32", action: "deny" });
    const made = { id: rule.id, props: lifecycle.toOutputs(RULE, rule) };
    const [late, results] = await Promise.all([lifecycle.read(RULE, client, made.id, made.props), reads]);
    expect(late).toEqual(made);
    expect(results).toEqual(entries.map((e) => ({ id: e.id, props: e.props })));
    const counts = await requests(s);
    expect(counts["POST /ip_policy_rules"]).toBe(1);
    // Not on the pages: the late rule's own GET, the one read not answered from them.
    expect(counts["GET /ip_policy_rules/{id}"]).toBe(1);
    expect(total(counts)).toBeLessThanOrEqual(BOUND + 1);
    await s.client.ipPolicyRules.delete(rule.id);
  });

  test("an import (no state, so of unknown age) among the reads: read by GET, found or gone as the GET says", async () => {
    const client = clientOf(s.url, s.rootToken);
    const gone = entries[1];
    await s.client.ipPolicyRules.delete(gone.id);
    entries = entries.filter((e) => e !== gone);
    await resetCounters(s);
    const reads = refresh(RULE, client, entries, entries.length);
    const [kept, missing] = await Promise.all([lifecycle.read(RULE, client, entries[5].id), lifecycle.read(RULE, client, gone.id)]);
    await reads;
    expect(kept).toEqual({ id: entries[5].id, props: entries[5].props });
    expect(missing).toEqual({});
    const counts = await requests(s);
    expect(counts["GET /ip_policy_rules/{id}"]).toBe(2);
    expect(total(counts)).toBeLessThanOrEqual(BOUND);
  });
});
