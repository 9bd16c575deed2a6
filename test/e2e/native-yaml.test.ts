/**
 * The native provider through the real engine: a Pulumi YAML program (no Node.js project, no SDK)
 * against the emulator, with the plugin found as an ambient `pulumi-resource-edgeingress` on PATH.
 * An allowlist policy with inline rules, an IP restriction, an API key, an HTTPS edge with a route and
 * a module; then `edge-ingress audit` finding no drift (alone, and with a dynamic stack of the same
 * account) and `pulumi import --out`. What every native stack does (a no-change preview, a replacement,
 * a wrong key failing once at the provider, destroy) is the contract's (contract-native.test.ts); drift
 * shown field by field and a bad rule of 1000 told in one line, test/protocol/display.test.ts's.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { stringify, parse } from "yaml";
import { emulatorLog, registerSecret } from "../../harness/audit";
import { start, type Started } from "../support/emulator";
import { createStack, REPO_ROOT, type TestStack } from "../../harness/engine";
import { auditStacks } from "../support/audit-bin";
import { expectSuccess } from "../support/engine-stack";
import { createNativeStack } from "../native/engine";

const PROJECT = "native-yaml";
let emu: Started;
let stack: TestStack;
let programDir: string;
let binDir: string;

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

beforeAll(async () => {
  emu = await start({ log: emulatorLog(`${PROJECT} emulator`) });
  registerSecret("emulator root token (the provider's API key)", emu.rootToken);
  programDir = fs.mkdtempSync(path.join(os.tmpdir(), "ei-native-yaml-"));
  writeProgram(RESOURCES);
  ({ stack, binDir } = await createNativeStack(programDir, emu));
});

afterAll(async () => {
  await stack?.remove();
  await emu?.close();
  for (const dir of [programDir, binDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test("up makes every resource with the dynamic providers' guarantees, the token a secret", async () => {
  // `up` checks `preview --expect-no-changes` after itself (harness/engine.ts).
  expectSuccess(await stack.up());
  const state = await stack.exportState();
  const stateOf = (type: string, name: string) => state.resources.find((r) => r.urn === urn(type, name))!;
  const policy = stateOf("IpPolicy", "office");
  expect(policy.id).toMatch(/^ipp_/);
  const rules = (await emu.client.ipPolicyRules.list().toArray()).filter((r) => r.ipPolicy.id === policy.id);
  expect(rules.map((r) => r.cidr).sort()).toEqual(["198.51.100.0/24", "203.0.113.0/24"]);
  const restriction = await emu.client.ipRestrictions.get(stateOf("IpRestriction", "api-access").id!);
  expect(restriction).toMatchObject({ type: "api", enforced: true });
  const edge = await emu.client.httpsEdges.get(stateOf("HttpsEdge", "web").id!);
  expect(edge.routes.map((r) => [r.match, r.compression])).toEqual([["/", { enabled: true }]]);

  // The token is a secret output: in the stack's outputs, never in plaintext in state.
  const token = (await stack.outputs()).outputs.deployToken as string;
  expect(token.length).toBeGreaterThan(10);
  expect(state.raw).not.toContain(token);
  expect(state.raw).not.toContain(emu.rootToken);
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
    // Only the audit's input: a no-change preview after a dynamic up is the contract's.
    checkNoChangesAfterUp: false,
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
    // No destroy: the emulator goes with this file, and destroy is the contract's.
  } finally {
    await dynamic.remove();
  }
}, 600_000);

test("pulumi import of a hand-made policy imports it (= import, no create); the program it writes has no changes", async () => {
  const policy = await emu.client.ipPolicies.create({ description: "corp egress", metadata: "made by hand" });
  const out = path.join(programDir, "imported.yaml");
  const importRun = await stack.run([
    "import",
    "edgeingress:index:IpPolicy",
    "corp",
    policy.id,
    "--yes",
    "--protect=false",
    "--out",
    out,
    ...withConfig(),
  ]);
  expectSuccess(importRun);
  // Its preview and its update, both in the one command's output.
  expect(importRun.stdout).toMatch(/= +edgeingress:index:IpPolicy +corp +import/);
  expect(importRun.stdout).not.toMatch(/\+ +edgeingress:index:IpPolicy +corp/);
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
