/**
 * A many-rule stack (an IpPolicy, RULES IpPolicyRules, an IpRestriction) through the real engine against
 * an account whose rate limit bites (the emulator's limiter, a small burst), with and without
 * `Retry-After` on its 429s: every command succeeds and leaves the service as declared, and the
 * emulator's counters show that requests were refused on the way. Correctness only: how long the limit
 * makes a phase take is measured by the benchmark (`npm run bench -- --rate-limit <n>`).
 */
import * as path from "node:path";
import { registerSecret } from "../../harness/audit";
import { Client, start, type Reply, type Started } from "../support/emulator";
import { createStack, type TestStack } from "../../harness/engine";
import { expectSuccess, useEngineStack } from "../support/engine-stack";

const PROGRAM = path.join(__dirname, "..", "fixtures", "many-rules");
/** Enough rules that every phase meets the limit many times over, few enough for a file of minutes. */
const RULES = 60;
/**
 * 5 requests a second with a bucket of 5: a stack's first requests drain it at once, and the rate sets the
 * pace after. A rate the engine outpaces even on a busy machine: at 15 a second, an update whose requests
 * the engine issued more slowly than that (two cores shared with other suites) met no limit at all.
 */
const LIMIT = { perMinute: 300, burst: 5 };

interface Program {
  rules: number;
  description: string;
}

interface RuleRecord {
  id: string;
  ip_policy_id: string;
  cidr: string;
  description: string;
}

interface Snapshot {
  collections: Record<string, Array<Record<string, unknown>>>;
}

interface Counters {
  totals: { requests: number; rate_limited: number };
}

/** The rules the program declares: [cidr, description] sorted by cidr. */
function declared(description: string, rules = RULES): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (let i = 0; i < rules; i++) out.push([`10.${Math.floor(i / 256)}.${i % 256}.0/24`, `${description} ${i}`]);
  return out.sort((a, b) => a[0].localeCompare(b[0]));
}

/** Everything the emulator stores (`/_emulator/*` is never limited). */
async function snapshot(api: Client): Promise<Snapshot> {
  return JSON.parse(await api.snapshot()) as Snapshot;
}

/** The service's rules of one policy: [cidr, description] sorted by cidr. */
async function serviceRules(api: Client, policyId: string): Promise<Array<[string, string]>> {
  const rules = ((await snapshot(api)).collections.ip_policy_rules ?? []) as unknown as RuleRecord[];
  return rules
    .filter((r) => r.ip_policy_id === policyId)
    .map((r): [string, string] => [r.cidr, r.description])
    .sort((a, b) => a[0].localeCompare(b[0]));
}

async function counters(api: Client): Promise<Counters> {
  const reply = await api.get("/_emulator/counters");
  expect(reply.status).toBe(200);
  return reply.body as Counters;
}

async function clearCounters(api: Client): Promise<void> {
  expect((await api.del("/_emulator/counters")).status).toBe(204);
}

/**
 * A request of the test's own through the same account: sent again after a 429 (after its Retry-After,
 * or 100 ms without one), since the test's requests share the limit the stack meets.
 */
async function pastLimit(send: () => Promise<Reply>): Promise<Reply> {
  for (let attempt = 0; ; attempt++) {
    const reply = await send();
    if (reply.status !== 429 || attempt >= 100) return reply;
    const after = Number(reply.headers["retry-after"]);
    await new Promise((resolve) => setTimeout(resolve, Number.isFinite(after) && after > 0 ? after * 1000 : 100));
  }
}

/** The stack's outputs: its policy, its rules in declaration order, its restriction. */
async function stackIds(stack: TestStack): Promise<{ policyId: string; ruleIds: string[]; restrictionId: string }> {
  return (await stack.outputs()).outputs as { policyId: string; ruleIds: string[]; restrictionId: string };
}

describe.each([
  ["with Retry-After", true],
  ["without Retry-After", false],
])("%s on every 429", (_mode, retryAfter) => {
  const fx = useEngineStack<Program>(PROGRAM, "many-rules", { rateLimit: { ...LIMIT, retryAfter } });
  let api: Client;
  beforeAll(() => {
    api = new Client(fx.emulator.url, fx.emulator.rootToken);
  });
  const urn = (type: string, name: string) => fx.urn(type, name);

  /** The limit bit: the emulator refused some of the phase's requests (and yet the command succeeded). */
  async function expectLimitBit(): Promise<void> {
    const { totals } = await counters(api);
    expect(totals.rate_limited).toBeGreaterThan(0);
  }

  test(`up makes the policy, all ${RULES} rules and the restriction; requests were refused on the way`, async () => {
    await fx.setProgram({ rules: RULES, description: "first" });
    await clearCounters(api);
    expectSuccess(await fx.stack.up());
    await expectLimitBit();

    const { policyId, ruleIds, restrictionId } = await stackIds(fx.stack);
    expect(ruleIds).toHaveLength(RULES);
    expect(await serviceRules(api, policyId)).toEqual(declared("first"));
    const { collections } = await snapshot(api);
    expect(collections.ip_policies.map((p) => p.id)).toEqual([policyId]);
    expect(collections.ip_restrictions.map((r) => [r.id, r.ip_policy_ids])).toEqual([[restrictionId, [policyId]]]);
  });

  test("an update of every rule's description leaves every rule with the new one, in place", async () => {
    const before = await stackIds(fx.stack);
    await fx.setProgram({ rules: RULES, description: "second" });
    await clearCounters(api);
    expectSuccess(await fx.stack.up());
    await expectLimitBit();

    expect(await stackIds(fx.stack)).toEqual(before);
    expect(await serviceRules(api, before.policyId)).toEqual(declared("second"));
  });

  test("a rule edited and one deleted out of band are found by preview --refresh and healed by up --refresh", async () => {
    const { policyId, ruleIds } = await stackIds(fx.stack);
    const [edited, deleted] = [3, 7];
    expect((await pastLimit(() => api.patch(`/ip_policy_rules/${ruleIds[edited]}`, { description: "edited by hand" }))).status).toBe(200);
    expect((await pastLimit(() => api.del(`/ip_policy_rules/${ruleIds[deleted]}`))).status).toBe(204);

    const preview = await fx.stack.preview({ refresh: true });
    expectSuccess(preview);
    const rule = (i: number) => urn("IpPolicyRule", `rule-${i}`);
    const drifted = Object.fromEntries(
      Object.entries(preview.ops).filter(([, ops]) => ops.some((op) => op !== "refresh" && op !== "same")),
    );
    expect(drifted).toEqual({ [rule(edited)]: ["refresh", "update"], [rule(deleted)]: ["refresh", "create"] });
    // Every resource of the stack was read.
    expect(Object.keys(preview.ops)).toEqual(
      expect.arrayContaining([urn("IpPolicy", "policy"), urn("IpRestriction", "restriction"), rule(0), rule(RULES - 1)]),
    );

    expectSuccess(await fx.stack.up(["--refresh"]));
    const after = await stackIds(fx.stack);
    expect(after.ruleIds.filter((id, i) => id !== ruleIds[i])).toEqual([after.ruleIds[deleted]]);
    expect(await serviceRules(api, policyId)).toEqual(declared("second"));
  });

  test("destroy leaves no rule, policy or restriction", async () => {
    await clearCounters(api);
    expectSuccess(await fx.stack.destroy());
    await expectLimitBit();
    const { collections } = await snapshot(api);
    expect({ rules: collections.ip_policy_rules, policies: collections.ip_policies, restrictions: collections.ip_restrictions }).toEqual({
      rules: [],
      policies: [],
      restrictions: [],
    });
  });
});

describe("two stacks of the program on one account at the same time", () => {
  // Fewer rules each: two engines at once cost twice the CPU, and the account is shared all the same.
  const EACH = 40;
  let started: Started;
  const stacks: TestStack[] = [];
  beforeAll(async () => {
    // Without Retry-After, each provider process has only the refusals to learn the shared rate from.
    started = await start({ rateLimit: { ...LIMIT, retryAfter: false }, log: () => {} });
    registerSecret("emulator root token (the provider's API key)", started.rootToken);
    for (const name of ["a", "b"]) {
      const stack = await createStack({
        programDir: PROGRAM,
        config: {
          "edgeingress:apiKey": { value: started.rootToken, secret: true },
          "edgeingress:apiUrl": { value: started.url },
          program: { value: JSON.stringify({ rules: EACH, description: `stack ${name}` }) },
        },
        env: { EDGE_INGRESS_API_KEY: "", EDGE_INGRESS_API_URL: "" },
      });
      stacks.push(stack);
    }
  });
  afterAll(async () => {
    for (const stack of stacks) await stack.remove();
    await started?.close();
  });

  test("both up at once and finish with all their rules; both destroy at once and leave nothing", async () => {
    await clearCounters(started.api);
    const ups = await Promise.all(stacks.map((s) => s.up()));
    ups.forEach(expectSuccess);
    expect((await counters(started.api)).totals.rate_limited).toBeGreaterThan(0);
    const ids = await Promise.all(stacks.map(stackIds));
    expect(ids[0].policyId).not.toBe(ids[1].policyId);
    for (const [i, name] of ["a", "b"].entries())
      expect(await serviceRules(started.api, ids[i].policyId)).toEqual(declared(`stack ${name}`, EACH));

    const destroys = await Promise.all(stacks.map((s) => s.destroy()));
    destroys.forEach(expectSuccess);
    const { collections } = await snapshot(started.api);
    expect({ rules: collections.ip_policy_rules, policies: collections.ip_policies, restrictions: collections.ip_restrictions }).toEqual({
      rules: [],
      policies: [],
      restrictions: [],
    });
  });
});
