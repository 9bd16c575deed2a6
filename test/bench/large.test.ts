/**
 * The large-stack part of the benchmark (bench/large.ts, `npm run bench -- --large <n>`): its stacks and
 * table without the engine, and one stack of 3 rules through the five phases on the native path (five CLI
 * commands: the fewest that show the part runs and counts each phase's requests).
 */
import { largeStack, largeTable, runLarge, TERRAFORM_1000, type LargeResult } from "../../bench/large";
import { parseLargeArgs } from "../../bench/large-main";
import { CONNECTION_CHECK_ROUTE } from "../../bench/run";

const rules = (spec: ReturnType<typeof largeStack>) =>
  spec.flatMap((r) => {
    if (r.kind === "IpPolicyRule") {
      const { ipPolicyId, ...rule } = r.args;
      expect(ipPolicyId).toBe("@policy");
      return [rule];
    }
    return r.kind === "IpPolicy" ? ((r.args.rules as object[] | undefined) ?? []) : [];
  });

test("both forms declare the same rules, and the update changes every rule's description, nothing else", () => {
  for (const form of ["inline", "per-rule"] as const) {
    const [before, after] = [rules(largeStack(4, form, false)), rules(largeStack(4, form, true))];
    expect(before).toEqual(rules(largeStack(4, "inline", false)));
    expect(after.map((r) => ({ ...r, description: undefined }))).toEqual(before.map((r) => ({ ...r, description: undefined })));
    after.forEach((r, i) =>
      expect((r as { description: string }).description).toBe(`${(before[i] as { description: string }).description} v2`),
    );
  }
  expect(largeStack(4, "per-rule", false).map((r) => r.kind)).toEqual(["IpPolicy", ...Array(4).fill("IpPolicyRule"), "IpRestriction"]);
});

test("--large takes the rule count, latency 0 unless given; other options are refused", () => {
  expect(parseLargeArgs(["--large", "1000"])).toEqual({ rules: 1000, latencyMs: 0, parallel: undefined, out: undefined });
  expect(parseLargeArgs(["--large=5", "--latency", "25", "--parallel", "8"])).toMatchObject({ rules: 5, latencyMs: 25, parallel: 8 });
  expect(() => parseLargeArgs(["--large", "0"])).toThrow("--large must be a whole number of at least 1");
  expect(() => parseLargeArgs(["--large", "5", "--n", "200"])).toThrow(/Unknown option '--n'/);
});

test("the table: a row per phase, a column per stack, seconds and requests; Terraform's column at 1000 rules only, labelled as measured elsewhere", () => {
  const phases = (ms: number) =>
    (["create", "preview", "refresh", "update", "destroy"] as const).map((phase, i) => ({ phase, ms: ms + i, requests: i + 1 }));
  const result = {
    rules: 1000,
    latencyMs: 0,
    machine: { cpus: 2, node: "v24", pulumi: "3", load: [1, 2] },
    runs: [
      { stack: "inline", resources: 2, phases: phases(2000) },
      { stack: "per-rule", resources: 1002, phases: phases(60000) },
    ],
  } as unknown as LargeResult;
  const printed = largeTable(result);
  expect(printed).toContain("| 1000 rules | Terraform (measured elsewhere) | ours, inline `rules` | ours, one `IpPolicyRule` each |");
  expect(printed).toContain(`| preview --refresh | ${TERRAFORM_1000.refresh} | 2.0 s, 3 requests | 60.0 s, 3 requests |`);
  expect(largeTable({ ...result, rules: 3 })).not.toContain("Terraform");
});

test("3 one-resource rules without checkpoints through the five phases on the native path: each phase's requests counted", async () => {
  const result = await runLarge({ rules: 3, latencyMs: 0, stacks: ["per-rule-skip-checkpoints"] });
  expect(result.runs.map((r) => [r.stack, r.resources])).toEqual([["per-rule-skip-checkpoints", 5]]);
  const [run] = result.runs;
  const byPhase = Object.fromEntries(run.phases.map((p) => [p.phase, p]));
  // A connection check per provider the command configures (one, or two where the engine configures the
  // provider of the state beside the program's); then a POST or DELETE per resource, a PATCH per rule.
  const work = (phase: string) => {
    const { [CONNECTION_CHECK_ROUTE]: checks, ...rest } = byPhase[phase].routes;
    expect({ phase, checks: checks >= 1 && checks <= 2 }).toEqual({ phase, checks: true });
    return rest;
  };
  const total = (routes: Record<string, number>) => Object.values(routes).reduce((a, b) => a + b, 0);
  expect(work("create")).toEqual({ "POST /ip_policies": 1, "POST /ip_policy_rules": 3, "POST /ip_restrictions": 1 });
  expect(work("preview")).toEqual({});
  expect(work("update")).toEqual({ "PATCH /ip_policy_rules/{id}": 3 });
  expect(total(work("destroy"))).toBe(5);
  // Refresh reads the policy, the restriction and the rules (one GET each or a page).
  expect(total(work("refresh"))).toBeGreaterThanOrEqual(3);
  expect(total(work("refresh"))).toBeLessThanOrEqual(5);
  for (const p of run.phases) expect(p.requests).toBe(total(p.routes));
}, 600_000);
