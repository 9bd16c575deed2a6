/**
 * The root demo stack (Pulumi.yaml: examples/quickstart, TypeScript through ts-node) through the real engine:
 * one up (and the no-change preview after it). Its destroy is the contract's (test/support/contract.ts).
 */
import { REPO_ROOT } from "../../harness/engine";
import { expectSuccess, useEngineStack } from "../support/engine-stack";

const fx = useEngineStack(REPO_ROOT, "edge-ingress-demo");

describe("examples/quickstart", () => {
  test("up creates the policy with its ranges, the restriction using it and the key", async () => {
    expectSuccess(await fx.stack.up());
    const outputs = await fx.outputs();
    const rules = await Promise.all((outputs.ruleIds as string[]).map((id) => fx.client.ipPolicyRules.get(id)));
    expect(rules.map((r) => [r.ipPolicy.id, r.cidr, r.action])).toEqual([
      [outputs.policyId, "203.0.113.0/24", "allow"],
      [outputs.policyId, "2001:db8::/32", "allow"],
    ]);
    const restriction = await fx.client.ipRestrictions.get(outputs.restrictionId);
    expect(restriction.ipPolicies.map((r) => r.id)).toEqual([outputs.policyId]);
    expect(outputs.deployKeyToken).toEqual(expect.any(String));
    // The harness reads outputs from the secret audit's export after an up (what `stack output` prints),
    // and exports from the checkpoint file (harness/passphrase.ts): what `stack export` prints, byte for byte.
    const cli = (args: string[]) => fx.stack.run([...args, "--stack", fx.stack.name, "--non-interactive"]);
    expect(JSON.parse((await cli(["stack", "output", "--json", "--show-secrets"])).stdout)).toEqual(outputs);
    expect((await cli(["stack", "export", "--show-secrets"])).stdout).toBe((await fx.stack.exportState({ showSecrets: true })).raw);
    expect((await cli(["stack", "export"])).stdout).toBe((await fx.stack.exportState()).raw);
  });

  test("the serialized provider is at most 2 KB per resource in the exported state (reported per kind)", async () => {
    const state = await fx.stack.exportState();
    const sizes: Record<string, number> = {};
    for (const r of state.resources.filter((r) => r.custom && r.type.startsWith("pulumi-nodejs:dynamic/"))) {
      const serialized = r.outputs!.__provider;
      // A secret-free closure is stored as plain text: no credential was captured into it.
      expect(typeof serialized).toBe("string");
      sizes[r.type.split(":").pop()!] = Buffer.byteLength(serialized as string);
    }
    console.log(`__provider bytes per kind: ${JSON.stringify(sizes)}`);
    expect(Object.keys(sizes).sort()).toEqual(["ApiKey", "IpPolicy", "IpPolicyRule", "IpRestriction"]);
    for (const bytes of Object.values(sizes)) expect(bytes).toBeLessThanOrEqual(2048);
  });
});
