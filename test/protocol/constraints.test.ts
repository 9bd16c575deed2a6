/**
 * Through the provider protocol, on both paths: constraints are rejected at preview, naming the field,
 * before anything reaches the service. The provider's check is held to every case of
 * test/support/constraints.ts (test/provider/constraints.test.ts); here each way a failure takes to the
 * engine is, through each path's process: every kind's valid arguments at the limits pass, and one
 * resource per form of failure is rejected with all its broken fields, each its own failure. How the
 * engine prints a failure (its lines) is test/e2e/errors.test.ts's.
 */
import { kinds } from "../../provider/kinds";
import { atLimit, badRowOfThousand, CASES, groupCases, LIMIT_CASES, SECRETS, VALID, type Case } from "../support/constraints";
import type { CliResult } from "../../harness/engine";
import { checkProblems, expectCheckFailure, expectSuccess } from "../support/engine-stack";
import type { Path } from "./hosts";
import { useProtocolStack } from "./stack";

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

/**
 * A field's path as the path's inputs have it: a native program declares a weighted backend's map of
 * backend id → weight as a list of `{ backendId, weight }` (nativeArgs), so `backends.<id>` is the
 * element's `weight` there.
 */
function fieldOn(path: Path, args: Record<string, unknown>, field: string): string {
  const [, id] = /^backends\.(.+)$/.exec(field) ?? [];
  if (path === "dynamic" || id === undefined) return field;
  return `backends[${Object.keys(args.backends as object).indexOf(id)}].weight`;
}

describe.each<Path>(["dynamic", "native"])("%s", (path) => {
  const fx = useProtocolStack(path);

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
      await fx.setSecrets(SECRETS);
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
        cases.flatMap((c) => c.named).map(([field, rule]): [string, RegExp] => [fieldOn(path, args, field), rule]),
      );
    });
  });

  test("a bad rule of 1000 is one failure, its own path and rule, and no other rule is in the output", async () => {
    const { rules, reason } = badRowOfThousand();
    const preview = await previewOf("IpPolicy", { rules });
    expect(preview.code).not.toBe(0);
    // No property named (the engine would print the whole list as its value): the path is in the reason.
    expect(checkProblems(preview)).toEqual([reason]);
    expect(preview.stdout).toContain(`resource 'subject': has a problem: ${reason}`);
    // Nowhere in the output: not the rows around it, nor the list.
    expect(preview.stdout + preview.stderr).not.toMatch(/10\.0\.4\.0\/24|row 4\b/);
  });

  describe("a provider error", () => {
    test("a rejected API key fails up with the service's reason, never the key (the audit checks all output too)", async () => {
      const wrongKey = "wrong-api-key-for-the-provider-7731";
      await fx.stack.setConfig("edgeingress:apiKey", { value: wrongKey, secret: true });
      try {
        await fx.setProgram({ resources: [{ kind: "IpPolicy", name: "subject", args: { description: "never made" } }] });
        const up = await fx.stack.up();
        expect(up.code).not.toBe(0);
        expect(up.stdout + up.stderr).toMatch(/401|authentication failed/);
        expect(up.stdout + up.stderr).not.toContain(wrongKey);
        expect(await fx.client.ipPolicies.list().toArray()).toEqual([]);
      } finally {
        await fx.stack.setConfig("edgeingress:apiKey", { value: fx.emulator.rootToken, secret: true });
      }
    });
  });
});
