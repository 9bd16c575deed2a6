/**
 * Constraints are rejected by `pulumi preview` on the real engine, naming the field, before anything
 * reaches the service. The provider's check is held to every case of test/support/constraints.ts
 * (test/provider/constraints.test.ts); here the engine is held to each way a failure reaches the user:
 * every kind's valid arguments at the limits pass, and one resource per form of failure is rejected.
 *
 * The engine stops a preview at the first resource whose check fails (measured with three invalid
 * resources: only the first is reported), so each preview holds one resource; all the broken fields of
 * that resource are reported, each on its own line.
 */
import * as path from "node:path";
import { kinds } from "../../provider/kinds";
import { atLimit, badRowOfThousand, CASES, groupCases, LIMIT_CASES, SECRETS, VALID, type Case } from "../support/constraints";
import type { CliResult } from "../../harness/engine";
import { checkProblems, diagnosticLines, expectCheckFailure, expectSuccess, useEngineStack } from "../support/engine-stack";

interface Res {
  kind: string;
  name: string;
  args: Record<string, unknown>;
}
const fx = useEngineStack<{ resources: Res[] }>(path.join(__dirname, "..", "..", "harness", "edges"), "edges");

/** The forms a failure takes on its way to the user, each with the kind whose first case group shows it. */
const FORMS: Record<string, string> = {
  WeightedBackend: "paths through map keys (backends.<id>), beside the byte limits of description and metadata",
  HttpsEdgeRoute: "nested paths of modules, four rules broken at once",
  EventDestination: "a resource whose input is secret (the engine names the resource, not the property)",
  IpRestriction: "a list element (ipPolicyIds[0]) and a value outside an enum",
  SshUserCertificate: "a map key with a dash (criticalOptions.permit-x11)",
  TlsCertificate: "a resource holding a secret input, broken in a plain one",
};
const GROUPS = groupCases([...LIMIT_CASES, ...CASES]);
const PREVIEWS: Array<[string, Case[]]> = Object.entries(FORMS).map(([kind, form]) => [
  `${kind}: ${form}`,
  GROUPS.find((g) => g[0].kind === kind)!,
]);

function expectNamed(result: CliResult, named: Array<[string, RegExp]>): void {
  expectCheckFailure(result, named[0][0].split(/[.[]/)[0], named[0][1]);
  const reasons = checkProblems(result);
  for (const [field, rule] of named) {
    const line = reasons.find((r) => r.startsWith(`${field}: `));
    expect({ field, line }).toEqual({ field, line: expect.stringMatching(rule) });
  }
  // Nothing else failed: the rest of the arguments (and a value at the limit) are valid.
  expect(reasons).toHaveLength(named.length);
}

const WRITES = /^(POST|PUT|PATCH|DELETE) /;
async function writesSoFar(): Promise<number> {
  const res = await fetch(`${fx.emulator.url}/_emulator/counters`, { headers: { Authorization: `Bearer ${fx.emulator.rootToken}` } });
  expect(res.status).toBe(200);
  const counters = (await res.json()) as { routes: Record<string, { requests: number }> };
  return Object.entries(counters.routes)
    .filter(([route]) => WRITES.test(route))
    .reduce((n, [, c]) => n + c.requests, 0);
}

/** Previews one resource; nothing may be written to the service. */
async function previewOf(kind: string, args: Record<string, unknown>): Promise<CliResult> {
  const before = await writesSoFar();
  await fx.setProgram({ resources: [{ kind, name: "subject", args: { ...VALID[kind], ...args } }] });
  const result = await fx.stack.preview();
  expect(await writesSoFar()).toBe(before);
  return result;
}

describe("constraints are rejected at preview, naming the field, with nothing sent", () => {
  beforeAll(async () => {
    await fx.stack.setConfig("secrets", { value: JSON.stringify(SECRETS), secret: true });
  });

  test("every kind's valid arguments pass, at the byte limits: 255 ASCII bytes, 4096 bytes of two-byte characters", async () => {
    expect(Object.keys(VALID).sort()).toEqual(Object.keys(kinds).sort());
    const before = await writesSoFar();
    await fx.setProgram({ resources: Object.keys(VALID).map((kind) => ({ kind, name: kind.toLowerCase(), args: atLimit(kind) })) });
    expectSuccess(await fx.stack.preview());
    expect(await writesSoFar()).toBe(before);
  });

  test.each(PREVIEWS)("%s", async (_title, cases) => {
    const args = Object.assign({}, ...cases.map((c) => c.args));
    expectNamed(
      await previewOf(cases[0].kind, args),
      cases.flatMap((c) => c.named),
    );
  });
});

test("a bad rule of 1000 is printed as its own path and rule, in at most 3 lines, and no other rule is", async () => {
  const { rules, reason } = badRowOfThousand();
  const before = await writesSoFar();
  await fx.setProgram({ resources: [{ kind: "IpPolicy", name: "subject", args: { rules } }] });
  const preview = await fx.stack.run(["preview", "--stack", fx.stack.name, "--config-file", fx.stack.configFile, "--non-interactive"]);
  expect(preview.code).not.toBe(0);
  expect(await writesSoFar()).toBe(before);
  const diagnostic = diagnosticLines(preview, "subject");
  expect(diagnostic.length).toBeLessThanOrEqual(3);
  expect(diagnostic.join("\n")).toMatch(new RegExp(`has a problem: ${reason.replace(/[[\].]/g, "\\$&")}$`));
  // Nowhere in the output: not the rows around it, nor the list.
  expect(preview.stdout + preview.stderr).not.toMatch(/10\.0\.4\.0\/24|row 4\b/);
});

describe("a provider error", () => {
  test("a rejected API key fails up with the service's reason, never the key (the audit checks all output too)", async () => {
    const wrongKey = "wrong-api-key-for-the-provider-7731";
    await fx.stack.setConfig("edgeingress:apiKey", { value: wrongKey, secret: true });
    await fx.setProgram({ resources: [{ kind: "IpPolicy", name: "subject", args: { description: "never made" } }] });
    const up = await fx.stack.up();
    expect(up.code).not.toBe(0);
    expect(up.stdout + up.stderr).toMatch(/401|authentication failed/);
    expect(up.stdout + up.stderr).not.toContain(wrongKey);
    expect(await fx.client.ipPolicies.list().toArray()).toEqual([]);
  });
});
