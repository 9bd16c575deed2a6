/**
 * `edge-ingress audit` end to end: the bin (dist/cli) audits an account managed by a real stack
 * (test/fixtures/audit: an allowlist with its rule, an HTTPS edge that owns its route inline), with the
 * state from `pulumi stack export` given as a file or read by `--stack`. A rule `allow ::/0` and a
 * `/debug` route added by hand are reported (exit 1); listed in the ignore file they are not (exit 0);
 * `--export` declares the rule with `adopt` and says to add the route to the edge's inline `routes`;
 * a managed rule deleted out of band is reported missing.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parse } from "yaml";
import type { AuditReport } from "../../cli/audit";
import { REPO_ROOT, runCommand, type CliResult } from "../../harness/engine";
import { expectSuccess, useEngineStack } from "../support/engine-stack";

const BIN = path.join(REPO_ROOT, "dist", "cli", "index.js");
const PROGRAM = path.join(REPO_ROOT, "test", "fixtures", "audit");
const WORKFLOW = path.join(REPO_ROOT, "examples", "gitops", ".github", "workflows", "edge-ingress.yml");

const fixture = useEngineStack(PROGRAM, "audit", { provisioningDelayMs: 0 });
let tmp: string;
let stateFile: string;
let outputs: Record<string, string>;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "ei-audit-e2e-"));
  stateFile = path.join(tmp, "state.json");
});
afterAll(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

/** The bin in `cwd` (default: the temporary directory) with the audit's key and URL from the environment only. */
const audit = (args: string[], { cwd = tmp, env = {} }: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<CliResult> =>
  runCommand(process.execPath, [BIN, "audit", ...args], {
    cwd,
    env: { ...process.env, ...env, EDGE_INGRESS_API_KEY: fixture.emulator.rootToken, EDGE_INGRESS_API_URL: fixture.emulator.url },
  });

/** `pulumi stack export` into the state file, as a CI job would. */
async function exportState(): Promise<void> {
  fs.writeFileSync(stateFile, (await fixture.stack.exportState()).raw);
}

const json = (result: CliResult): AuditReport => JSON.parse(result.stdout) as AuditReport;

describe("edge-ingress audit against a real stack", () => {
  let rule: { id: string };
  let route: { id: string };

  test("right after up, the account has no drift: exit 0", async () => {
    expectSuccess(await fixture.stack.up([], { diffRemains: "none: the no-change preview after up is e2e/contract.test.ts's" }));
    outputs = (await fixture.outputs()) as Record<string, string>;
    await exportState();
    const result = await audit(["--stack-state", stateFile]);
    expect(result).toMatchObject({ code: 0, stderr: "" });
    expect(result.stdout).toMatch(new RegExp(`against 1 stack: ${fixture.stack.name} \\(4 resources\\)`));
    expect(result.stdout).toMatch(/\nNo drift\.\n$/);
  });

  test("a rule `allow ::/0` added to the managed allowlist and a /debug route added to the managed edge are reported: exit 1", async () => {
    rule = await fixture.client.ipPolicyRules.create({
      ipPolicyId: outputs.allowlistId,
      cidr: "::/0",
      action: "allow",
      description: "temporary: all of IPv6",
    });
    const added = await fixture.client.httpsEdgeRoutes.create(outputs.edgeId, {
      matchType: "path_prefix",
      match: "/debug",
      description: "debug console",
    });
    route = { id: `${outputs.edgeId}/${added.id}` };

    const human = await audit(["--stack-state", stateFile]);
    expect(human.code).toBe(1);
    expect(human.stdout).toMatch(
      new RegExp(
        `2 unmanaged \\(in the account, in no given stack\\):\\n  KIND +ID +DESCRIPTION\\n  HttpsEdgeRoute +${route.id} +debug console\\n  IpPolicyRule +${rule.id} +temporary: all of IPv6\\n`,
      ),
    );
    expect(human.stdout).toMatch(/Drift: 2 unmanaged, 0 missing\.\n$/);

    const report = json(await audit(["--stack-state", stateFile, "--json"]));
    expect(report).toMatchObject({
      version: 1,
      apiUrl: fixture.emulator.url,
      stacks: [{ name: fixture.stack.name, project: "audit", source: stateFile, resources: 4 }],
      unmanaged: [
        { kind: "HttpsEdgeRoute", id: route.id, description: "debug console" },
        { kind: "IpPolicyRule", id: rule.id, description: "temporary: all of IPv6" },
      ],
      missing: [],
      ignored: [],
      drift: true,
    });
  });

  test("--stack (and --all-stacks) reads the state with `pulumi stack export` in the program's directory, with the same result", async () => {
    const result = await audit(["--stack", fixture.stack.name, "--json"], { cwd: PROGRAM, env: fixture.stack.env });
    expect(result.code).toBe(1);
    const report = json(result);
    expect(report.stacks).toEqual([
      { name: fixture.stack.name, project: "audit", source: `pulumi stack export --stack ${fixture.stack.name}`, resources: 4 },
    ]);
    expect(report.unmanaged.map((u) => u.id)).toEqual([route.id, rule.id]);
    // --all-stacks: the backend's one stack, read the same way.
    const all = json(await audit(["--all-stacks", "--json"], { cwd: PROGRAM, env: fixture.stack.env }));
    expect(all.stacks).toEqual(report.stacks);
    expect(all.unmanaged).toEqual(report.unmanaged);
    const unknown = await audit(["--stack", "no-such-stack"], { cwd: PROGRAM, env: fixture.stack.env });
    expect(unknown).toMatchObject({ code: 2, stderr: expect.stringContaining("pulumi stack export --stack no-such-stack failed") });
  });

  test("the GitOps workflow's audit step, as written, runs after the drift gate even when it failed, and fails on them", async () => {
    const steps = (
      parse(fs.readFileSync(WORKFLOW, "utf8")).jobs["drift-gate"].steps as Array<{ id?: string; if?: string; run?: string }>
    ).filter((s) => s.run);
    const at = steps.findIndex((s) => /edge-ingress audit/.test(s.run!));
    expect(steps[at - 1]).toMatchObject({
      id: "gate",
      run: expect.stringMatching(/^pulumi preview .*--refresh --json \| npx --no edge-ingress review$/),
    });
    // eslint-disable-next-line no-template-curly-in-string -- a GitHub Actions expression, not a template
    expect(steps[at].if).toBe("${{ success() || steps.gate.outcome == 'failure' }}");
    const line = steps[at].run!.trim();
    expect(line).toMatch(/^npx --no edge-ingress audit /);
    // The installed package's command is, here, the built one.
    const command = line.replace(/^npx --no edge-ingress/, `"${process.execPath}" "${BIN}"`);
    const result = await runCommand("bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", command], {
      cwd: PROGRAM,
      env: {
        ...fixture.stack.env,
        PULUMI_STACK: fixture.stack.name,
        EDGE_INGRESS_API_KEY: fixture.emulator.rootToken,
        EDGE_INGRESS_API_URL: fixture.emulator.url,
      },
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(rule.id);
    expect(result.stdout).toContain(route.id);
  });

  test("listed in the ignore file, they are not reported: exit 0 with the count ignored", async () => {
    fs.writeFileSync(
      path.join(tmp, ".edge-ingress-audit-ignore"),
      `# kept by hand on purpose\nIpPolicyRule:${rule.id}\nHttpsEdgeRoute:description=debug *\n`,
    );
    try {
      const result = await audit(["--stack-state", stateFile]);
      expect(result).toMatchObject({ code: 0, stderr: "" });
      expect(result.stdout).toContain("2 ignored (by .edge-ingress-audit-ignore).");
      expect(result.stdout).not.toContain(rule.id);
      expect(result.stdout).toMatch(/\nNo drift\.\n$/);
    } finally {
      fs.rmSync(path.join(tmp, ".edge-ingress-audit-ignore"));
    }
  });

  test("--export declares the rule with adopt, and says to add the route to the edge's inline routes instead of declaring it", async () => {
    const out = path.join(tmp, "adopt");
    const result = await audit(["--stack-state", stateFile, "--export", out]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      `HttpsEdgeRoute ${route.id} belongs to HttpsEdge ${outputs.edgeId}, which stack ${fixture.stack.name} declares with inline \`routes\`: to keep it, add it to that list`,
    );
    expect(result.stdout).toContain(
      `Wrote ${out}: 1 unmanaged resource declared with \`adopt\`, 1 child to add to a parent's inline list (see its README.md).`,
    );
    const program = fs.readFileSync(path.join(out, "index.ts"), "utf8");
    const declared = [...program.matchAll(/^const \w+ = new ei\.(\w+)\("[^"]+", \{\n {2}adopt: "([^"]+)",$/gm)].map((m) => [m[1], m[2]]);
    // Never a standalone route under an edge that owns its routes: the edge's next up would delete it.
    expect(declared).toEqual([["IpPolicyRule", rule.id]]);
    expect(program).not.toContain("HttpsEdgeRoute");
    // The rule's parent is the stack's: named by id, not declared again.
    expect(program).toContain(`ipPolicyId: "${outputs.allowlistId}"`);
    expect(program).toContain('cidr: "::/0"');
    const readme = fs.readFileSync(path.join(out, "README.md"), "utf8");
    expect(readme).toContain("the resources of the account that no given stack records (unmanaged)");
    expect(readme).toContain(`- HttpsEdgeRoute ${route.id}, to \`routes\` of HttpsEdge ${outputs.edgeId} (stack ${fixture.stack.name}):`);
    expect(readme).toMatch(/ {4}matchType: "path_prefix",\n {4}match: "\/debug",\n {4}description: "debug console",/);
  });

  test("a managed rule deleted out of band is reported missing, with its stack", async () => {
    await fixture.client.ipPolicyRules.delete(outputs.officeRuleId);
    const result = await audit(["--stack-state", stateFile]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      new RegExp(
        `1 missing \\(in a stack's state, gone from the account\\):\\n  KIND +ID +STACK +DESCRIPTION\\n  IpPolicyRule +${outputs.officeRuleId} +${fixture.stack.name} +Office NAT\\n`,
      ),
    );
    expect(result.stdout).toMatch(/Drift: 2 unmanaged, 1 missing\.\n$/);
    // Nothing of the audit's output holds the key it ran with.
    expect(result.stdout + result.stderr).not.toContain(fixture.emulator.rootToken);
  });
});
