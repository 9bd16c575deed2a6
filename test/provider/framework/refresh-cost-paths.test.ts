/**
 * The refresh's cost through each plugin's entry: the native provider's Read (gRPC, as the engine calls
 * it) and the dynamic runtime's read share provider/framework, and so its page reads. 1000 rules made
 * in one burst through the API, then read all together against a delayed listing: at most
 * ceil(N/100) + 8 requests, the connection check included.
 */
import type { EdgeIngress } from "../../../sdk";
import * as lifecycle from "../../../provider/framework/lifecycle";
import { fromStruct, useNativeProvider } from "../../native/support";
import { useRuntime } from "../runtime-fixture";
import type { Client } from "../../support/emulator";
import { RULE, latency, refresh, requests, resetCounters, total, type Entry } from "./rules-account";

const N = 1000;
const BOUND = Math.ceil(N / 100) + 8;

/** N rules of one policy made as fast as the API takes them, 50 at a time; their state, oldest first. */
async function burst(client: EdgeIngress): Promise<Entry[]> {
  const policy = await client.ipPolicies.create({});
  const made: Entry[] = [];
  for (let i = 0; i < N; i += 50) {
    const batch = Array.from({ length: Math.min(50, N - i) }, (_, j) =>
      client.ipPolicyRules.create({ ipPolicyId: policy.id, cidr: `10.0.${(i + j) >> 8}.${(i + j) & 255}/32`, action: "allow" }),
    );
    for (const rule of await Promise.all(batch)) made.push({ id: rule.id, props: lifecycle.toOutputs(RULE, rule) });
  }
  return made.sort((a, b) => (a.id < b.id ? -1 : 1));
}

/** Reads every entry through `read`, all started together while each request waits 50 ms; what it cost. */
async function allTogether<R>(api: Client, entries: Entry[], read: (e: Entry) => Promise<R>): Promise<{ results: R[]; cost: number }> {
  await resetCounters({ api });
  await latency({ api }, 50);
  try {
    const results = await refresh(RULE, undefined as unknown as EdgeIngress, entries, entries.length, 0, read);
    return { results, cost: total(await requests({ api })) };
  } finally {
    await latency({ api }, 0);
  }
}

describe("the native provider's Read", () => {
  const native = useNativeProvider();
  let entries: Entry[];
  beforeAll(async () => {
    entries = await burst(native.emu.client);
    await native.configure();
  }, 60_000);

  test(`1000 rules made in a burst, read all together: at most ${BOUND} requests, none gone`, async () => {
    const { results, cost } = await allTogether(native.emu.api, entries, (e) => native.provider.read("IpPolicyRule", e.id, e.props));
    expect(cost).toBeLessThanOrEqual(BOUND);
    expect(results.map((r) => r.getId())).toEqual(entries.map((e) => e.id));
    expect(results.map((r) => fromStruct(r.getProperties()).values)).toEqual(entries.map((e) => e.props));
  });
});

describe("the dynamic runtime's read", () => {
  const fixture = useRuntime();
  let entries: Entry[];
  beforeAll(async () => {
    entries = await burst(fixture.client);
  }, 60_000);

  test(`1000 rules made in a burst, read all together: at most ${BOUND} requests, none gone`, async () => {
    const { results, cost } = await allTogether(fixture.api, entries, (e) => fixture.runtime.read("IpPolicyRule", e.id, e.props));
    expect(cost).toBeLessThanOrEqual(BOUND);
    expect(results).toEqual(entries.map((e) => ({ id: e.id, props: e.props })));
  });
});
