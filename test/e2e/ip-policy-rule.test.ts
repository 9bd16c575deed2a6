/** IpPolicyRule through the real engine: rules of a policy, cidr in place, action replaces, drift, destroy. */
import * as path from "node:path";
import { expectCheckFailure, expectSuccess, useEngineStack } from "../support/engine-stack";

interface Res {
  kind: string;
  name: string;
  args: Record<string, unknown>;
}
const fx = useEngineStack<{ resources: Res[] }>(path.join(__dirname, "..", "fixtures", "edges"), "edges");
const policy: Res = { kind: "IpPolicy", name: "office", args: { description: "Office egress" } };
const rule = (name: string, args: Record<string, unknown>): Res => ({ kind: "IpPolicyRule", name, args: { ipPolicyId: "@office", ...args } });
const ids = async () => (await fx.outputs()).ids as Record<string, string>;

describe("IpPolicyRule on the real engine", () => {
  const urn = () => fx.urn("IpPolicyRule", "v4");
  let id: string;

  test("up creates a policy and its rules in one update; an IPv6 block in another spelling shows no change", async () => {
    await fx.setSpec({
      resources: [policy, rule("v4", { cidr: "203.0.113.0/24", action: "allow" }), rule("v6", { cidr: "2001:DB8:0::/32", action: "deny", description: "v6" })],
    });
    expectSuccess(await fx.stack.up());
    const all = await ids();
    id = all.v4;
    const v6 = await fx.client.ipPolicyRules.get(all.v6);
    expect(v6).toMatchObject({ cidr: "2001:db8::/32", action: "deny", ipPolicy: { id: all.office } });
    expect(await fx.client.ipPolicyRules.get(id)).toMatchObject({ cidr: "203.0.113.0/24", action: "allow", ipPolicy: { id: all.office } });
  });

  test("a new cidr updates in place (same id)", async () => {
    await fx.setSpec({ resources: [policy, rule("v4", { cidr: "198.51.100.0/24", action: "allow" }), rule("v6", { cidr: "2001:db8::/32", action: "deny", description: "v6" })] });
    expect((await fx.stack.preview()).ops[urn()]).toEqual(["update"]);
    expectSuccess(await fx.stack.up());
    expect((await ids()).v4).toBe(id);
    expect((await fx.client.ipPolicyRules.get(id)).cidr).toBe("198.51.100.0/24");
  });

  test("a new action replaces the rule: a new id, the old one gone", async () => {
    await fx.setSpec({ resources: [policy, rule("v4", { cidr: "198.51.100.0/24", action: "deny" }), rule("v6", { cidr: "2001:db8::/32", action: "deny", description: "v6" })] });
    expect((await fx.stack.preview()).ops[urn()]).toEqual(["replace"]);
    expectSuccess(await fx.stack.up());
    const replaced = (await ids()).v4;
    expect(replaced).not.toBe(id);
    expect((await fx.client.ipPolicyRules.get(replaced)).action).toBe("deny");
    await expect(fx.client.ipPolicyRules.get(id)).rejects.toMatchObject({ status: 404 });
    id = replaced;
  });

  test("out-of-band edit and delete are reported by preview --refresh and fixed by up --refresh", async () => {
    await fx.client.ipPolicyRules.update(id, { cidr: "192.0.2.0/24" });
    expect((await fx.stack.preview({ refresh: true })).ops[urn()]).toEqual(["refresh", "update"]);
    expectSuccess(await fx.stack.up(["--refresh"]));
    expect((await fx.client.ipPolicyRules.get(id)).cidr).toBe("198.51.100.0/24");

    await fx.client.ipPolicyRules.delete(id);
    expect((await fx.stack.preview({ refresh: true })).ops[urn()]).toEqual(["refresh", "create"]);
    expectSuccess(await fx.stack.up(["--refresh"]));
    id = (await ids()).v4;
    expect((await fx.client.ipPolicyRules.get(id)).cidr).toBe("198.51.100.0/24");
    expectSuccess(await fx.stack.preview({ refresh: true, expectNoChanges: true }));
  });

  test("a bad CIDR fails at preview naming cidr", async () => {
    await fx.setSpec({ resources: [policy, rule("v4", { cidr: "10.0.0.300/33", action: "deny" })] });
    expectCheckFailure(await fx.stack.preview(), "cidr", /CIDR/);
  });

  test("destroy leaves the emulator empty", async () => {
    expectSuccess(await fx.stack.destroy());
    expect(await fx.client.ipPolicyRules.list().toArray()).toEqual([]);
    expect(await fx.client.ipPolicies.list().toArray()).toEqual([]);
  });
});
