/**
 * A stack of many rules (an IpPolicy, RULES IpPolicyRules, an IpRestriction) through the real engine
 * against an account whose rate limit bites (the emulator's limiter), with and without `Retry-After` on
 * its 429s, and without it two stacks on the account at once: every command succeeds and leaves the
 * service as declared, and the emulator's counters show that requests were refused on the way. The
 * engine shows the wiring only: what the pacer does per request is proven in test/sdk/core (pacer,
 * retry) and the protocol tier's faults; how long the limit makes a phase take is measured by the
 * benchmark (`npm run bench -- --rate-limit <n>`).
 */
import * as path from "node:path";
import { registerSecret } from "../../harness/audit";
import { Client, start, type Reply, type Started } from "../support/emulator";
import { createStack, type TestStack } from "../../harness/engine";
import { expectSuccess } from "../support/engine-stack";

const PROGRAM = path.join(__dirname, "..", "fixtures", "many-rules");
const RULES = 6;
/** The engine sends every ready step at once (rules wait only for the policy; refresh reads wait for nothing), whatever the cores. */
const PARALLEL = 2 * RULES;
/**
 * One token, one more a second. Each command's provider process makes its first requests back to back
 * (its connection check, then the first create, read or delete; then a step's worth at once), so every
 * command meets the limit unless each of its requests came over a second after the one before: the
 * refusals follow from the count of requests sent together, not from how busy the machine is. Every
 * request beyond the one token waits a second, so a stack has few: about 10 a phase.
 */
const LIMIT = { perMinute: 60, burst: 1 };

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
function declared(description: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (let i = 0; i < RULES; i++) out.push([`10.${Math.floor(i / 256)}.${i % 256}.0/24`, `${description} ${i}`]);
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

/** A stack of the program on the emulator's account, its rules described `<description> <i>`. */
function limitedStack(started: Started, description: string): Promise<TestStack> {
  return createStack({
    programDir: PROGRAM,
    // The no-change preview after an up is the contract suites' (test/e2e/contract*.test.ts).
    checkNoChangesAfterUp: false,
    config: {
      "edgeingress:apiKey": { value: started.rootToken, secret: true },
      "edgeingress:apiUrl": { value: started.url },
      program: { value: JSON.stringify({ rules: RULES, description }) },
    },
    env: { EDGE_INGRESS_API_KEY: "", EDGE_INGRESS_API_URL: "", PULUMI_PARALLEL: String(PARALLEL) },
  });
}

describe.each([
  // Without Retry-After, each provider process has only the refusals to learn the shared rate from: two
  // stacks at once there, each command of the second beside the same command of the first.
  ["with Retry-After", true, ["a"]],
  ["without Retry-After, two stacks at once", false, ["a", "b"]],
])("%s on every 429", (_mode, retryAfter, names) => {
  let started: Started;
  let api: Client;
  const stacks: TestStack[] = [];
  let ids: Array<{ policyId: string; ruleIds: string[]; restrictionId: string }>;
  beforeAll(async () => {
    started = await start({ rateLimit: { ...LIMIT, retryAfter }, log: () => {} });
    registerSecret("emulator root token (the provider's API key)", started.rootToken);
    api = started.api;
    for (const name of names) stacks.push(await limitedStack(started, `stack ${name}`));
  });
  afterAll(async () => {
    for (const stack of stacks) await stack.remove();
    await started?.close();
  });

  /** The limit bit: the emulator refused requests of each command (and yet every command succeeded). */
  async function expectRefused(commands: number): Promise<void> {
    const { totals } = await counters(api);
    expect(totals.rate_limited).toBeGreaterThanOrEqual(commands);
  }

  test(`up makes each stack's policy, all ${RULES} rules and the restriction; requests were refused on the way`, async () => {
    await clearCounters(api);
    (await Promise.all(stacks.map((s) => s.up()))).forEach(expectSuccess);
    await expectRefused(stacks.length);

    ids = await Promise.all(stacks.map(stackIds));
    for (const [i, name] of names.entries()) {
      expect(ids[i].ruleIds).toHaveLength(RULES);
      expect(await serviceRules(api, ids[i].policyId)).toEqual(declared(`stack ${name}`));
    }
    const { collections } = await snapshot(api);
    const sorted = <T>(xs: T[]) => xs.map((x) => JSON.stringify(x)).sort();
    expect(sorted(collections.ip_policies.map((p) => p.id))).toEqual(sorted(ids.map((x) => x.policyId)));
    expect(sorted(collections.ip_restrictions.map((r) => [r.id, r.ip_policy_ids]))).toEqual(
      sorted(ids.map((x) => [x.restrictionId, [x.policyId]])),
    );
  });

  test("up --refresh after a rule deleted by hand, with a new description for every rule: every rule has it, in place, the deleted one made again", async () => {
    const [stack] = stacks;
    const [before] = ids;
    const deleted = 4;
    expect((await pastLimit(() => api.del(`/ip_policy_rules/${before.ruleIds[deleted]}`))).status).toBe(204);
    await stack.setConfig("program", { value: JSON.stringify({ rules: RULES, description: "second" }) });

    await clearCounters(api);
    expectSuccess(await stack.up(["--refresh"]));
    await expectRefused(1);

    const after = await stackIds(stack);
    expect([after.policyId, after.restrictionId]).toEqual([before.policyId, before.restrictionId]);
    expect(after.ruleIds.filter((id, i) => id !== before.ruleIds[i])).toEqual([after.ruleIds[deleted]]);
    expect(await serviceRules(api, before.policyId)).toEqual(declared("second"));
  });

  test("destroy leaves no rule, policy or restriction", async () => {
    await clearCounters(api);
    (await Promise.all(stacks.map((s) => s.destroy()))).forEach(expectSuccess);
    await expectRefused(stacks.length);
    const { collections } = await snapshot(api);
    expect({ rules: collections.ip_policy_rules, policies: collections.ip_policies, restrictions: collections.ip_restrictions }).toEqual({
      rules: [],
      policies: [],
      restrictions: [],
    });
  });
});
