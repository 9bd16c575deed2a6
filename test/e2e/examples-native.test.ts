/**
 * The Pulumi YAML and Go examples (examples/<name>-yaml, examples/<name>-go) through the real engine, run
 * as a user without a Node.js project runs them: the example's directory copied as is, the native plugin
 * of the package installed once from its packed tarball (test/support/package-install.ts) on PATH, the
 * YAML host beside it, Pulumi's own Go host (test/e2e/native-language.ts) and the Go SDK of this clone
 * where go.mod's `replace` expects it (test/support/go-sdk.ts). Each against a fresh emulator, configured through stack config only:
 * `up` (and `preview --expect-no-changes` after it), the account as the TypeScript example leaves it (what
 * test/e2e/examples.test.ts asserts of it), outputs and state read from the one export the secret audit
 * makes after the up (not `stack output` and `stack export`: engine commands are this file's cost), then
 * `destroy` leaves nothing behind.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { parse } from "yaml";
import type { EmulatorOptions } from "../../emulator";
import { engineEnv, REPO_ROOT } from "../../harness/engine";
import { toolsBin } from "../../harness/native";
import { Client } from "../support/emulator";
import { afterUp, expectSuccess, useEngineStack, type EngineFixture } from "../support/engine-stack";
import { EXAMPLES, installShared, removeInstalls, tempDir } from "../support/package-install";
import { SHARED_TOOLS } from "./native-language";
import { GO_SDK_MODULE, layOutGoSdk } from "../support/go-sdk";
import { EDGES_CONFIG, expectEdgesAccount } from "../support/edges-example";

const NATIVE = ["quickstart", "allowlist", "edges"].flatMap((name) => [`${name}-yaml`, `${name}-go`]);

/** The installed package's plugin and the YAML host, linked here once the install is done; first on PATH. */
const BIN = tempDir("ei-native-examples-bin-");
const ENV = { PATH: [BIN, SHARED_TOOLS, engineEnv().PATH].join(path.delimiter), GOFLAGS: "-mod=mod" };

beforeAll(async () => {
  const shared = await installShared();
  fs.symlinkSync(path.join(shared, "node_modules", ".bin", "pulumi-resource-edgeingress"), path.join(BIN, "pulumi-resource-edgeingress"));
  fs.symlinkSync(path.join(toolsBin(), "pulumi-language-yaml"), path.join(BIN, "pulumi-language-yaml"));
}, 300_000);
afterAll(removeInstalls);

/** examples/<name> copied as a user copies it; a Go one gets this clone's SDK where `pulumi package add` puts it. */
function copyNative(name: string): string {
  const dir = tempDir(`ei-example-${name}-`);
  fs.cpSync(path.join(EXAMPLES, name), dir, { recursive: true, filter: (f) => !/^Pulumi\..+\.yaml$/.test(path.basename(f)) });
  if (name.endsWith("-go")) layOutGoSdk(dir);
  return dir;
}

/** One native example's stack, its plain and secret config set before its first test. */
function useNative(name: string, config: Record<string, { value: string; secret?: boolean }> = {}, emulator: EmulatorOptions = {}) {
  const fx = useEngineStack(copyNative(name), name, emulator, { linkSelf: false, env: ENV });
  beforeAll(async () => {
    for (const [key, value] of Object.entries(config)) await fx.stack.setConfig(key, value);
  });
  return fx;
}

/** A Go program's first `up` builds it (the Pulumi Go SDK from the build cache after the first). */
const UP_TIMEOUT = 900_000;

test("every native example is the TypeScript example's project in Pulumi YAML or Go, with a README; Go's go.mod requires the SDK module", () => {
  const repo = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8"));
  for (const name of NATIVE) {
    const dir = path.join(EXAMPLES, name);
    const project = parse(fs.readFileSync(path.join(dir, "Pulumi.yaml"), "utf8"));
    const ts = parse(fs.readFileSync(path.join(EXAMPLES, name.replace(/-(yaml|go)$/, ""), "Pulumi.yaml"), "utf8"));
    expect({ name, project: project.name, runtime: project.runtime }).toEqual({ name, project: ts.name, runtime: name.split("-").pop() });
    expect(fs.existsSync(path.join(dir, "README.md"))).toBe(true);
    expect(fs.existsSync(path.join(dir, "package.json"))).toBe(false);
    if (name.endsWith("-go")) {
      const mod = fs.readFileSync(path.join(dir, "go.mod"), "utf8");
      expect(mod).toContain(`${GO_SDK_MODULE} v${repo.version}\n`);
      expect(mod).toContain(`github.com/pulumi/pulumi/sdk/v3 v${repo.devDependencies["@pulumi/pulumi"]}\n`);
      expect(mod).toContain(`replace ${GO_SDK_MODULE} => ./sdks/edgeingress\n`);
    }
  }
});

describe.each(["yaml", "go"])("examples/quickstart-%s", (language) => {
  const fx = useNative(`quickstart-${language}`);

  test(
    "up, no changes after; the restriction uses the policy and the key's token is a secret output",
    async () => {
      expectSuccess(await fx.stack.up());
      const { out } = await afterUp(fx);
      const restriction = await fx.client.ipRestrictions.get(out.restrictionId);
      expect(restriction).toMatchObject({ type: "api", enforced: false, description: "Management API only from the office" });
      expect(restriction.ipPolicies.map((p) => p.id)).toEqual([out.policyId]);
      const policy = await fx.client.ipPolicies.get(out.policyId);
      expect([policy.description, policy.metadata]).toEqual(["Office egress ranges", JSON.stringify({ team: "platform" })]);
      const rules = await fx.client.ipPolicyRules.list().toArray();
      expect(rules.map((r) => [r.ipPolicy.id, r.cidr, r.description]).sort()).toEqual([
        [out.policyId, "2001:db8::/32", "Office IPv6"],
        [out.policyId, "203.0.113.0/24", "Office NAT"],
      ]);
      expect([...out.ruleIds].sort()).toEqual(rules.map((r) => r.id).sort());
      expect((await fx.client.apiKeys.get(out.deployKeyId)).description).toBe("Used by the deploy pipeline");
      expect(out.deployKeyToken).toEqual(expect.any(String));
      const stored = fx.stack.storedState();
      expect(stored).not.toContain(out.deployKeyToken);
      expect(stored).not.toContain(fx.emulator.rootToken);
    },
    UP_TIMEOUT,
  );

  test("destroy leaves the emulator empty", async () => {
    expectSuccess(await fx.stack.destroy());
    const c = fx.client;
    for (const list of [c.ipPolicies, c.ipPolicyRules, c.ipRestrictions, c.apiKeys]) expect(await list.list().toArray()).toEqual([]);
  });
});

describe.each(["yaml", "go"])("examples/allowlist-%s", (language) => {
  // The account's rate limit bites, as for the TypeScript example.
  const fx = useNative(`allowlist-${language}`, {}, { rateLimit: { perMinute: 300, burst: 5 } });
  const blocks = fs
    .readFileSync(path.join(EXAMPLES, "allowlist", "ranges.txt"), "utf8")
    .split("\n")
    .map((line) => line.split("#")[0].trim())
    .filter((b) => b !== "");
  // A trailing comment of ranges.txt is its rule's description; the rest: "from ranges.txt" (Go, as
  // TypeScript), none (YAML, whose list is inline).
  const described = (cidr: string) => (cidr === "2001:db8:0:1::/64" ? "the origin shield" : language === "go" ? "from ranges.txt" : "");

  test(
    "up makes one rule per block of the published list, and an endpoints restriction using the policy; no changes after; the limit bit",
    async () => {
      expectSuccess(await fx.stack.up());
      const { out } = await afterUp(fx);
      const api = new Client(fx.emulator.url, fx.emulator.rootToken);
      const { collections } = JSON.parse(await api.snapshot());
      const rules = (collections.ip_policy_rules as Array<{ ip_policy_id: string; cidr: string; description: string }>)
        .filter((r) => r.ip_policy_id === out.policyId)
        .map((r) => [r.cidr, r.description])
        .sort();
      expect(blocks.length).toBeGreaterThanOrEqual(24);
      expect(rules).toEqual(blocks.map((b) => [b, described(b)]).sort());
      expect(language === "go" ? out.ruleCount : out.ruleIds.length).toBe(blocks.length);
      expect(collections.ip_restrictions.map((r: Record<string, unknown>) => [r.id, r.type, r.enforced, r.ip_policy_ids])).toEqual([
        [out.restrictionId, "endpoints", false, [out.policyId]],
      ]);
      expect((await api.get("/_emulator/counters")).body.totals.rate_limited).toBeGreaterThan(0);
    },
    UP_TIMEOUT,
  );

  test("destroy leaves no rule, policy or restriction", async () => {
    expectSuccess(await fx.stack.destroy());
    const c = fx.client;
    for (const list of [c.ipPolicies, c.ipPolicyRules, c.ipRestrictions]) expect(await list.list().toArray()).toEqual([]);
  });
});

describe.each(["yaml", "go"])("examples/edges-%s", (language) => {
  const fx: EngineFixture = useNative(`edges-${language}`, EDGES_CONFIG);

  test(
    "up, no changes after; backends, routes and modules are what the TypeScript example makes",
    async () => {
      expectSuccess(await fx.stack.up());
      await expectEdgesAccount(fx, (await afterUp(fx)).out);
      const stored = fx.stack.storedState();
      for (const { value, secret } of Object.values(EDGES_CONFIG)) if (secret) expect(stored).not.toContain(value);
      expect(stored).not.toContain(fx.emulator.rootToken);
    },
    UP_TIMEOUT,
  );

  test("destroy leaves no edge, route, backend, policy or endpoint", async () => {
    expectSuccess(await fx.stack.destroy());
    const c = fx.client;
    for (const list of [c.httpsEdges, c.tcpEdges, c.tlsEdges, c.tunnelGroupBackends, c.weightedBackends, c.failoverBackends])
      expect(await list.list().toArray()).toEqual([]);
    for (const list of [c.ipPolicies, c.ipPolicyRules, c.endpoints]) expect(await list.list().toArray()).toEqual([]);
  });
});
