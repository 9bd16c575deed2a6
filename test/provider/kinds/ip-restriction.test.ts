import { useRuntime } from "../runtime-fixture";

const fx = useRuntime();
const P = { __provider: "serialized" };

describe("IpRestriction provider", () => {
  it("maps policy Refs to ipPolicyIds and fills the service's defaults", async () => {
    const { runtime, client } = fx;
    const a = await client.ipPolicies.create({});
    const created = await runtime.create("IpRestriction", { ...P, type: "api", ipPolicyIds: [a.id] });
    expect(created.outs).toEqual({
      type: "api",
      ipPolicyIds: [a.id],
      enforced: false,
      description: "",
      metadata: "",
      uri: expect.any(String),
      createdAt: expect.any(String),
      // What was declared, for the inputs a refresh gives back.
      __declared: ["ipPolicyIds", "type"],
    });
    expect((await runtime.diff("IpRestriction", created.id, created.outs, { ...P, type: "api", ipPolicyIds: [a.id] })).changes).toBe(false);
  });

  it("updates policies and enforcement in place, sending only what changed", async () => {
    const { runtime, client } = fx;
    const [a, b] = [await client.ipPolicies.create({}), await client.ipPolicies.create({})];
    const created = await runtime.create("IpRestriction", { ...P, type: "agent", ipPolicyIds: [a.id], description: "d" });
    const news = { ...P, type: "agent", ipPolicyIds: [a.id, b.id], enforced: true, description: "d" };
    const diff = await runtime.diff("IpRestriction", created.id, created.outs, news);
    expect(diff).toMatchObject({ changes: true, replaces: [] });
    const updated = await runtime.update("IpRestriction", created.id, created.outs, news);
    expect(updated.outs).toMatchObject({ ipPolicyIds: [a.id, b.id], enforced: true, type: "agent" });
    const server = await client.ipRestrictions.get(created.id);
    expect(server.ipPolicies.map((r) => r.id)).toEqual([a.id, b.id]);
  });

  it("a policy deleted out of band stays referenced: no drift", async () => {
    const { runtime, client } = fx;
    const a = await client.ipPolicies.create({});
    const created = await runtime.create("IpRestriction", { ...P, type: "dashboard", ipPolicyIds: [a.id] });
    await client.ipPolicies.delete(a.id);
    const read = await runtime.read("IpRestriction", created.id, created.outs);
    expect(read.props!.ipPolicyIds).toEqual([a.id]);
  });

  it("surfaces the service's rejection of a policy that does not exist", async () => {
    await expect(fx.runtime.create("IpRestriction", { ...P, type: "api", ipPolicyIds: ["ipp_doesnotexist"] })).rejects.toMatchObject({
      status: 400,
    });
  });
});
