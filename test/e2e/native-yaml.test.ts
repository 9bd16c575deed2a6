/**
 * The native provider through the real engine: a Pulumi YAML program (no Node.js project, no SDK)
 * against the emulator, with the plugin found as an ambient `pulumi-resource-edgeingress` on PATH.
 * An allowlist policy with inline rules, an IP restriction, an API key, an HTTPS edge with a route and
 * a module; then no change, `edge-ingress audit` finding no drift (alone, and with a dynamic stack of the
 * same account), drift shown field by field, a replacement, `pulumi import`, a bad rule of 1000 told in
 * one line, a wrong key failing once at the provider, and a destroy that leaves the account as it was.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { stringify, parse } from "yaml";
import { emulatorLog, registerSecret } from "../../harness/audit";
import { start, type Started } from "../support/emulator";
import { createStack, REPO_ROOT, type TestStack } from "../../harness/engine";
import { auditStacks } from "../support/audit-bin";
import { badRowOfThousand } from "../support/constraints";
import { diagnosticLines, expectSuccess } from "../support/engine-stack";
import { createNativeStack } from "../native/engine";

const PROJECT = "native-yaml";
let emu: Started;
let stack: TestStack;
let programDir: string;
let binDir: string;
let initial: Record<string, string[]>;

type Resources = Record<string, { type: string; properties?: Record<string, unknown>; options?: Record<string, unknown> }>;

const RESOURCES: Resources = {
  office: {
    type: "edgeingress:index:IpPolicy",
    properties: {
      description: "office",
      rules: [
        { cidr: "203.0.113.0/24", action: "allow", description: "office v4" },
        { cidr: "198.51.100.0/24", action: "allow" },
      ],
    },
  },
  "api-access": {
    type: "edgeingress:index:IpRestriction",
    // eslint-disable-next-line no-template-curly-in-string -- a Pulumi YAML interpolation, not a template
    properties: { type: "api", ipPolicyIds: ["${office.id}"], enforced: true },
  },
  deploy: { type: "edgeingress:index:ApiKey", properties: { description: "deploy pipeline" } },
  web: {
    type: "edgeingress:index:HttpsEdge",
    properties: {
      hostports: ["native-yaml.example.com:443"],
      routes: [{ matchType: "path_prefix", match: "/", description: "site", compression: { enabled: true } }],
    },
  },
};

function writeProgram(resources: Resources): void {
  // eslint-disable-next-line no-template-curly-in-string -- a Pulumi YAML interpolation, not a template
  const program = { name: PROJECT, runtime: "yaml", resources, outputs: { deployToken: "${deploy.token}" } };
  fs.writeFileSync(path.join(programDir, "Pulumi.yaml"), stringify(program));
}

const urn = (type: string, name: string) => `urn:pulumi:${stack.name}::${PROJECT}::edgeingress:index:${type}::${name}`;
const withConfig = () => ["--stack", stack.name, "--non-interactive", "--color=never", "--config-file", stack.configFile];

/** Every collection's ids (the root key included), for "as it was". */
async function accountIds(): Promise<Record<string, string[]>> {
  const { collections } = JSON.parse(await emu.api.snapshot()) as { collections: Record<string, Array<{ id: string }>> };
  return Object.fromEntries(Object.entries(collections).map(([name, records]) => [name, records.map((r) => r.id).sort()]));
}

async function stateOf(type: string, name: string) {
  return (await stack.exportState()).resources.find((r) => r.urn === urn(type, name));
}

beforeAll(async () => {
  emu = await start({ log: emulatorLog(`${PROJECT} emulator`) });
  registerSecret("emulator root token (the provider's API key)", emu.rootToken);
  initial = await accountIds();
  programDir = fs.mkdtempSync(path.join(os.tmpdir(), "ei-native-yaml-"));
  writeProgram(RESOURCES);
  ({ stack, binDir } = await createNativeStack(programDir, emu));
});

afterAll(async () => {
  await stack?.remove();
  await emu?.close();
  for (const dir of [programDir, binDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test("up makes every resource with the dynamic providers' guarantees; a second up changes nothing", async () => {
  // `up` checks `preview --expect-no-changes` after itself (test/support/engine.ts).
  expectSuccess(await stack.up());
  const policy = await stateOf("IpPolicy", "office");
  expect(policy?.id).toMatch(/^ipp_/);
  const rules = (await emu.client.ipPolicyRules.list().toArray()).filter((r) => r.ipPolicy.id === policy!.id);
  expect(rules.map((r) => r.cidr).sort()).toEqual(["198.51.100.0/24", "203.0.113.0/24"]);
  const restriction = await emu.client.ipRestrictions.get((await stateOf("IpRestriction", "api-access"))!.id!);
  expect(restriction).toMatchObject({ type: "api", enforced: true });
  const edge = await emu.client.httpsEdges.get((await stateOf("HttpsEdge", "web"))!.id!);
  expect(edge.routes.map((r) => [r.match, r.compression])).toEqual([["/", { enabled: true }]]);

  // The token is a secret output: in the stack's outputs, never in plaintext in state.
  const token = (await stack.outputs()).outputs.deployToken as string;
  expect(token.length).toBeGreaterThan(10);
  const state = await stack.exportState();
  expect(state.raw).not.toContain(token);
  expect(state.raw).not.toContain(emu.rootToken);

  const again = await stack.up();
  expectSuccess(again);
  expect(again.stdout).not.toMatch(/[+~-] +edgeingress:index/);
  // Six engine commands: more than the default limit on a busy machine.
}, 600_000);

test("edge-ingress audit reads the stack: no drift, its inline rules and route managed", async () => {
  const { code, report } = await auditStacks(stack, ["--stack", stack.name], emu);
  expect(report).toMatchObject({ unmanaged: [], missing: [], notChecked: [], drift: false });
  // The policy, its 2 rules, the restriction, the key, the edge and its route.
  expect(report.stacks).toEqual([
    { name: stack.name, project: PROJECT, source: `pulumi stack export --stack ${stack.name}`, resources: 7 },
  ]);
  expect(code).toBe(0);
});

test("a dynamic and a native stack of one account audited together (--stack a --stack b): no drift", async () => {
  // The audit's TypeScript fixture, in this stack's backend (a project of its own), against the same account.
  const dynamic = await createStack({
    programDir: path.join(REPO_ROOT, "test", "fixtures", "audit"),
    backendUrl: stack.env.PULUMI_BACKEND_URL,
    config: {
      "edgeingress:apiKey": { value: emu.rootToken, secret: true },
      "edgeingress:apiUrl": { value: emu.url },
    },
    env: { PULUMI_CONFIG_PASSPHRASE: stack.env.PULUMI_CONFIG_PASSPHRASE!, EDGE_INGRESS_API_KEY: "", EDGE_INGRESS_API_URL: "" },
  });
  try {
    expectSuccess(await dynamic.up());
    const other = `organization/audit/${dynamic.name}`;
    const { code, report } = await auditStacks(stack, ["--stack", stack.name, "--stack", other], emu);
    expect(report).toMatchObject({ unmanaged: [], missing: [], drift: false });
    expect(report.stacks.map((s) => [s.name, s.project, s.resources])).toEqual([
      [stack.name, PROJECT, 7],
      [other, "audit", 4],
    ]);
    expect(code).toBe(0);
    // Either stack alone leaves the other's resources unmanaged.
    const alone = await auditStacks(stack, ["--stack", stack.name], emu);
    expect(alone.report.unmanaged.map((u) => u.kind).sort()).toEqual(["HttpsEdge", "HttpsEdgeRoute", "IpPolicy", "IpPolicyRule"]);
    expectSuccess(await dynamic.destroy());
  } finally {
    await dynamic.remove();
  }
}, 600_000);

test("a field edited by hand shows as old => new in preview --refresh; up puts it back", async () => {
  const id = (await stateOf("IpPolicy", "office"))!.id!;
  await emu.client.ipPolicies.update(id, { description: "edited by hand" });
  const preview = await stack.run(["preview", "--refresh", "--diff", ...withConfig()]);
  expect(preview.code).toBe(0);
  expect(preview.stdout).toMatch(/description\s*:\s*"edited by hand" => "office"/);
  expectSuccess(await stack.up(["--refresh"]));
  expect((await emu.client.ipPolicies.get(id)).description).toBe("office");
});

test("changing IpRestriction.type replaces the restriction", async () => {
  const before = (await stateOf("IpRestriction", "api-access"))!.id!;
  writeProgram({
    ...RESOURCES,
    "api-access": { ...RESOURCES["api-access"], properties: { ...RESOURCES["api-access"].properties, type: "dashboard" } },
  });
  const preview = await stack.preview();
  expect(preview.code).toBe(0);
  // `preview --json` names a replacement by its one step.
  expect(preview.ops[urn("IpRestriction", "api-access")]).toEqual(["replace"]);
  expect(preview.changeSummary).toMatchObject({ replace: 1 });
  expect(preview.changeSummary.update ?? 0).toBe(0);
  expectSuccess(await stack.up());
  const after = (await stateOf("IpRestriction", "api-access"))!.id!;
  expect(after).not.toBe(before);
  expect((await emu.client.ipRestrictions.get(after)).type).toBe("dashboard");
  await expect(emu.client.ipRestrictions.get(before)).rejects.toThrow();
  writeProgram(RESOURCES);
  expectSuccess(await stack.up());
});

test("pulumi import of a hand-made policy previews = import, then the program it writes has no changes", async () => {
  const policy = await emu.client.ipPolicies.create({ description: "corp egress", metadata: "made by hand" });
  const preview = await stack.run([
    "import",
    "edgeingress:index:IpPolicy",
    "corp",
    policy.id,
    "--preview-only",
    "--protect=false",
    ...withConfig(),
  ]);
  expect(preview.code).toBe(0);
  expect(preview.stdout).toMatch(/= +edgeingress:index:IpPolicy +corp +import/);
  expect(preview.stdout).not.toMatch(/\+ +edgeingress:index:IpPolicy +corp/);
  const out = path.join(programDir, "imported.yaml");
  expectSuccess(
    await stack.run(["import", "edgeingress:index:IpPolicy", "corp", policy.id, "--yes", "--protect=false", "--out", out, ...withConfig()]),
  );
  const imported = parse(fs.readFileSync(out, "utf8")) as { resources: Resources };
  expect(imported.resources.corp).toMatchObject({
    // Pulumi YAML writes the index module's tokens short.
    type: expect.stringMatching(/^edgeingress:(index:)?IpPolicy$/),
    properties: { description: "corp egress", metadata: "made by hand" },
  });
  writeProgram({ ...RESOURCES, ...imported.resources });
  const after = await stack.preview({ expectNoChanges: true });
  expect(after.code).toBe(0);
  expect(after.noChanges).toBe(true);
});

test("a bad rule of 1000 is printed as its own path and rule, in at most 3 lines, and no other rule is", async () => {
  const { rules, reason } = badRowOfThousand();
  const file = path.join(programDir, "Pulumi.yaml");
  const was = fs.readFileSync(file, "utf8");
  writeProgram({ ...RESOURCES, office: { ...RESOURCES.office, properties: { description: "office", rules } } });
  try {
    const preview = await stack.run(["preview", ...withConfig()]);
    expect(preview.code).not.toBe(0);
    const diagnostic = diagnosticLines(preview, "office");
    expect(diagnostic.length).toBeLessThanOrEqual(3);
    expect(diagnostic.join("\n")).toMatch(new RegExp(`has a problem: ${reason.replace(/[[\].]/g, "\\$&")}$`));
    expect(preview.stdout + preview.stderr).not.toMatch(/10\.0\.4\.0\/24|row 4\b/);
  } finally {
    fs.writeFileSync(file, was);
  }
});

test("a wrong key fails once, at the provider, before any resource, in Pulumi's words", async () => {
  const wrong = "tok_wrong_" + "z".repeat(30);
  registerSecret("a wrong API key", wrong);
  await stack.setConfig("edgeingress:apiKey", { value: wrong, secret: true });
  try {
    const preview = await stack.run(["preview", ...withConfig()]);
    expect(preview.code).not.toBe(0);
    const text = preview.stdout + preview.stderr;
    // One diagnostic (the progress display shows it on the provider's row too), on the provider.
    const diagnostics = text.slice(text.indexOf("Diagnostics:"));
    expect(diagnostics.match(/refused the API key/g)).toHaveLength(1);
    expect(diagnostics).toMatch(/pulumi:providers:edgeingress \(default\):\n\s*error: .*refused the API key/);
    expect(text).toContain("pulumi config set --secret edgeingress:apiKey");
    expect(text).not.toMatch(/edgeingress:index:\w+ +\S+ +\*\*failed\*\*|edgeingress:index:\w+ \(\S+\):\s*error/);
  } finally {
    await stack.setConfig("edgeingress:apiKey", { value: emu.rootToken, secret: true });
  }
});

test("destroy leaves the account as it was", async () => {
  expectSuccess(await stack.destroy());
  expect(await accountIds()).toEqual(initial);
});
