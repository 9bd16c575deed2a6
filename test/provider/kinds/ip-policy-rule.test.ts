import { NORMALISERS } from "../../../provider/framework/normalise";
import { useRuntime } from "../runtime-fixture";

const fx = useRuntime();
const P = { __provider: "serialized" };
const NO_CHANGE = { changes: false, replaces: [], deleteBeforeReplace: false };

describe("IpPolicyRule provider", () => {
  it("maps the policy Ref to ipPolicyId and fills the service's defaults", async () => {
    const { runtime, client } = fx;
    const policy = await client.ipPolicies.create({});
    const inputs = { ...P, ipPolicyId: policy.id, cidr: "203.0.113.0/24", action: "allow" };
    const created = await runtime.create("IpPolicyRule", inputs);
    expect(created.outs).toEqual({
      ipPolicyId: policy.id,
      cidr: "203.0.113.0/24",
      action: "allow",
      description: "",
      metadata: "",
      uri: expect.any(String),
      createdAt: expect.any(String),
      // What was declared, for the inputs a refresh gives back.
      __declared: ["action", "cidr", "ipPolicyId"],
    });
    expect(await runtime.diff("IpPolicyRule", created.id, created.outs, inputs)).toEqual(NO_CHANGE);
  });

  it("an IPv6 block written in another spelling is the block the service reports: no change", async () => {
    const { runtime, client } = fx;
    const policy = await client.ipPolicies.create({});
    const inputs = { ...P, ipPolicyId: policy.id, cidr: "2001:0DB8:0:0::/32", action: "deny" };
    const created = await runtime.create("IpPolicyRule", inputs);
    expect(created.outs.cidr).toBe("2001:db8::/32");
    expect(await runtime.diff("IpPolicyRule", created.id, created.outs, inputs)).toEqual(NO_CHANGE);
    const read = await runtime.read("IpPolicyRule", created.id, created.outs);
    expect(await runtime.diff("IpPolicyRule", created.id, read.props!, inputs)).toEqual(NO_CHANGE);
    // Another block is still a change, made in place.
    expect(await runtime.diff("IpPolicyRule", created.id, created.outs, { ...inputs, cidr: "2001:db8::/48" })).toMatchObject({
      changes: true,
      replaces: [],
    });
  });

  it("updates cidr, description and metadata in place; a new action or policy replaces the rule", async () => {
    const { runtime, client } = fx;
    const [a, b] = [await client.ipPolicies.create({}), await client.ipPolicies.create({})];
    const inputs = { ...P, ipPolicyId: a.id, cidr: "198.51.100.0/24", action: "allow", description: "office" };
    const created = await runtime.create("IpPolicyRule", inputs);
    const news = { ...inputs, cidr: "198.51.100.0/25", metadata: "m" };
    expect(await runtime.diff("IpPolicyRule", created.id, created.outs, news)).toMatchObject({ changes: true, replaces: [] });
    const updated = await runtime.update("IpPolicyRule", created.id, created.outs, news);
    expect(updated.outs).toMatchObject({ cidr: "198.51.100.0/25", metadata: "m", action: "allow", ipPolicyId: a.id });
    expect((await client.ipPolicyRules.get(created.id)).cidr).toBe("198.51.100.0/25");
    expect(await runtime.diff("IpPolicyRule", created.id, updated.outs, { ...news, action: "deny" })).toMatchObject({
      replaces: ["action"],
    });
    expect(await runtime.diff("IpPolicyRule", created.id, updated.outs, { ...news, ipPolicyId: b.id })).toMatchObject({
      replaces: ["ipPolicyId"],
    });
  });

  it("a rule whose policy was deleted out of band is gone with it", async () => {
    const { runtime, client } = fx;
    const policy = await client.ipPolicies.create({});
    const created = await runtime.create("IpPolicyRule", { ...P, ipPolicyId: policy.id, cidr: "192.0.2.0/24", action: "allow" });
    await client.ipPolicies.delete(policy.id);
    expect(await runtime.read("IpPolicyRule", created.id, created.outs)).toEqual({});
  });

  it("check fails at preview naming cidr for the issue's example", async () => {
    const policy = await fx.client.ipPolicies.create({});
    const checked = await fx.runtime.check("IpPolicyRule", {}, { ...P, ipPolicyId: policy.id, cidr: "10.0.0.300/33", action: "allow" });
    expect(checked.failures).toEqual([
      {
        property: "cidr",
        reason:
          "cidr: the address is not an IPv4 address (four decimal octets 0-255 without leading zeros); prefix length 33 is over 32 for IPv4",
      },
    ]);
    const over = await fx.runtime.check("IpPolicyRule", {}, { ...P, ipPolicyId: policy.id, cidr: "2001:db8::/129", action: "allow" });
    expect(over.failures).toEqual([{ property: "cidr", reason: "cidr: prefix length 129 is over 128 for IPv6" }]);
  });

  it("the cidr normaliser", () => {
    expect(NORMALISERS.cidr("2001:DB8:0000::/32")).toBe("2001:db8::/32");
    expect(NORMALISERS.cidr("203.0.113.0/24")).toBe("203.0.113.0/24");
    expect(NORMALISERS.cidr("2001:db8::/48")).not.toBe(NORMALISERS.cidr("2001:db8::/32"));
    expect(NORMALISERS.cidr("not a block")).toBe("not a block");
  });
});
