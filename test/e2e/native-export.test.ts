/**
 * `edge-ingress export --native yaml` end to end: an account made by hand (an IP policy with rules, an
 * IP restriction, an HTTPS edge whose routes have modules and credentials, a TLS certificate with its
 * private key, an API key) is exported by the bin (dist/cli) as a Pulumi YAML program of the native
 * provider, and the real engine runs it: the preview shows every resource as `= import` and nothing
 * created, `up` sends no write and leaves the account as it was, the next preview has no changes,
 * no credential is in the state in plain text, and `destroy` (retainOnDelete) leaves the account too.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parse } from "yaml";
import { readAccount } from "../../cli/export";
import { emulatorLog, registerSecret } from "../../harness/audit";
import { start, type Started } from "../support/emulator";
import { certificate, privateKeyPem } from "../support/pki";
import { REPO_ROOT, runCommand, type TestStack } from "../../harness/engine";
import { expectSuccess } from "../support/engine-stack";
import { createNativeStack } from "../native/engine";

const BIN = path.join(REPO_ROOT, "dist", "cli", "index.js");
const CREDENTIALS = { oauth: "oauth-client-secret-9", webhook: "webhook-secret-9" };

let emu: Started;
let tmp: string;
let binDir: string;
let stack: TestStack | undefined;
let key: string;

beforeAll(async () => {
  emu = await start({ provisioningDelayMs: 0, log: emulatorLog("native-export emulator") });
  registerSecret("emulator root token (the provider's API key)", emu.rootToken);
  const c = emu.client;
  const office = await c.ipPolicies.create({ description: "Office egress" });
  await c.ipPolicyRules.create({ ipPolicyId: office.id, cidr: "203.0.113.0/24", action: "allow", description: "NAT" });
  await c.ipPolicyRules.create({ ipPolicyId: office.id, cidr: "2001:db8::/32", action: "allow" });
  await c.ipRestrictions.create({ type: "api", ipPolicyIds: [office.id], enforced: true });
  const edge = await c.httpsEdges.create({ hostports: ["app.example.com:443"], description: "app" });
  await c.httpsEdgeRoutes.create(edge.id, {
    matchType: "path_prefix",
    match: "/api",
    compression: {},
    ipRestriction: { ipPolicyIds: [office.id] },
    oauth: { provider: { github: { clientId: "app-id", clientSecret: CREDENTIALS.oauth, scopes: ["read:org"] } } },
  });
  await c.httpsEdgeRoutes.create(edge.id, {
    matchType: "exact_path",
    match: "/hooks",
    webhookVerification: { provider: "CI", secret: CREDENTIALS.webhook },
  });
  const cert = certificate({ subject: { CN: "app.example.com" }, dnsNames: ["app.example.com"] });
  key = privateKeyPem(cert.privateKey);
  await c.tlsCertificates.create({ certificatePem: cert.pem, privateKeyPem: key, description: "app cert" });
  await c.apiKeys.create({ description: "deploy pipeline" });
  for (const [what, value] of Object.entries(CREDENTIALS)) registerSecret(`the ${what} credential`, value);
  registerSecret("the certificate's private key", key);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "ei-native-export-"));
});

afterAll(async () => {
  await stack?.remove();
  await emu?.close();
  for (const dir of [tmp, binDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const writes = (counters: { routes: Record<string, unknown> }) => Object.keys(counters.routes).filter((route) => !route.startsWith("GET "));

test("the exported YAML program imports the account: = import and no create, up sends no write, then no changes; destroy keeps it", async () => {
  const before = await readAccount(emu.client);
  const out = path.join(tmp, "acct");
  const result = await runCommand(process.execPath, [BIN, "export", "--out", out, "--project", "acct", "--native", "yaml"], {
    cwd: tmp,
    env: { ...process.env, EDGE_INGRESS_API_KEY: emu.rootToken, EDGE_INGRESS_API_URL: emu.url },
  });
  expect(result).toMatchObject({ code: 0, stderr: "" });
  expect(result.stdout).toMatch(/: 5 resource\(s\) to import \(and 4 child\(ren\) inline on their parent\), 3 credential\(s\)/);
  const text = fs.readFileSync(path.join(out, "Pulumi.yaml"), "utf8");
  for (const value of [...Object.values(CREDENTIALS), key.split("\n")[1]]) expect(text).not.toContain(value);
  const program = parse(text) as { resources: Record<string, { type: string; name: string }> };

  // The README's config lines, with the values the account was made with.
  const readme = fs.readFileSync(path.join(out, "README.md"), "utf8");
  const lines = [...readme.matchAll(/^pulumi config set --secret (\S+)\s+# (\S+) of/gm)].map(([, k, p]) => ({ key: k, path: p }));
  const valueOf: Record<string, string> = {
    "oauth.provider.github.clientSecret": CREDENTIALS.oauth,
    "webhookVerification.secret": CREDENTIALS.webhook,
    privateKeyPem: key,
  };
  expect(lines.map((l) => l.path).sort()).toEqual(Object.keys(valueOf).sort());

  ({ stack, binDir } = await createNativeStack(
    out,
    emu,
    Object.fromEntries(lines.map((l) => [l.key, { value: valueOf[l.path], secret: true }])),
  ));
  const urn = (r: { type: string; name: string }) => `urn:pulumi:${stack!.name}::acct::${r.type}::${r.name}`;

  const preview = await stack.preview();
  expect(preview.code).toBe(0);
  const ops = Object.fromEntries(Object.entries(preview.ops).filter(([u]) => u.includes("::edgeingress:index:")));
  expect(ops).toEqual(Object.fromEntries(Object.values(program.resources).map((r) => [urn(r), ["import"]])));
  expect(preview.stdout).not.toMatch(/\+ +edgeingress:index/);

  await emu.client.request({ method: "DELETE", path: "/_emulator/counters" });
  // `up` checks `preview --expect-no-changes` after itself (test/support/engine.ts).
  expectSuccess(await stack.up());
  const counters = await emu.client.request<{ routes: Record<string, unknown> }>({ method: "GET", path: "/_emulator/counters" });
  expect(writes(counters)).toEqual([]);
  expect(await readAccount(emu.client)).toEqual(before);
  const state = await stack.exportState();
  expect(
    state.resources
      .filter((r) => r.type.startsWith("edgeingress:index:"))
      .map((r) => r.urn)
      .sort(),
  ).toEqual(Object.values(program.resources).map(urn).sort());
  for (const value of [...Object.values(CREDENTIALS), key.split("\n")[1], emu.rootToken]) expect(state.raw).not.toContain(value);

  // retainOnDelete: the stack forgets them, the account keeps them.
  expectSuccess(await stack.destroy());
  expect(await readAccount(emu.client)).toEqual(before);
}, 600_000);
