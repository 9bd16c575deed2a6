/**
 * The provider's check holds every constraint case of test/support/constraints.ts: each broken field is
 * named once with its rule, nothing else fails, and nothing is written to the service. How such a
 * failure takes to the engine is test/protocol/constraints.test.ts (how the engine prints it, test/e2e/errors.test.ts).
 */
import { kinds } from "../../provider/kinds";
import { atLimit, CASES, groupCases, LIMIT_CASES, SECRETS, VALID, type Case } from "../support/constraints";
import { resolveRefs } from "../support/refs";
import { useRuntime } from "./runtime-fixture";

const fx = useRuntime();
const P = { __provider: "serialized" };

async function writes(): Promise<number> {
  const counters = await fx.client.get<{ routes: Record<string, { requests: number }> }>("/_emulator/counters");
  return Object.entries(counters.routes)
    .filter(([route]) => /^(POST|PUT|PATCH|DELETE) /.test(route))
    .reduce((n, [, c]) => n + c.requests, 0);
}

async function failures(kind: string, args: Record<string, unknown>): Promise<string[]> {
  const before = await writes();
  const result = await fx.runtime.check(kind, {}, { ...P, ...(resolveRefs(args, {}, SECRETS) as Record<string, unknown>) });
  expect(await writes()).toBe(before);
  return (result.failures ?? []).map((f: { reason: string }) => f.reason);
}

test("every kind's valid arguments pass, at the byte limits", async () => {
  expect(Object.keys(VALID).sort()).toEqual(Object.keys(kinds).sort());
  for (const kind of Object.keys(VALID)) expect({ kind, failures: await failures(kind, atLimit(kind)) }).toEqual({ kind, failures: [] });
});

test.each(
  groupCases([...LIMIT_CASES, ...CASES]).map(
    (cases: Case[]) => [`${cases[0].kind}: ${cases.map((c) => c.rule).join(" + ")}`, cases] as const,
  ),
)("%s", async (_title, cases) => {
  const reasons = await failures(cases[0].kind, { ...VALID[cases[0].kind], ...Object.assign({}, ...cases.map((c) => c.args)) });
  const named = cases.flatMap((c) => c.named);
  for (const [field, rule] of named) {
    const line = reasons.find((r) => r.startsWith(`${field}: `));
    expect({ field, line }).toEqual({ field, line: expect.stringMatching(rule) });
  }
  // Nothing else failed: the rest of the arguments are valid.
  expect(reasons).toHaveLength(named.length);
});
