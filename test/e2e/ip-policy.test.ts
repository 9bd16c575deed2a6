/** IpPolicy through the real engine: create, no-op preview, update in place, drift, bad input, destroy. */
import { expectCheckFailure, expectSuccess, useAccessStack } from "../support/engine-stack";

const fx = useAccessStack();

describe("IpPolicy on the real engine", () => {
  let id: string;
  const urn = () => fx.urn("IpPolicy", "office");

  test("up creates it with the declared fields, and no diff is left (every up checks preview --expect-no-changes)", async () => {
    await fx.setSpec({ policies: { office: { description: "office ranges", metadata: '{"team":"net"}' } } });
    expectSuccess(await fx.stack.up());
    id = (await fx.outputs()).policyIds.office;
    expect(await fx.client.ipPolicies.get(id)).toMatchObject({ description: "office ranges", metadata: '{"team":"net"}' });
  });

  test("a changed description updates in place, and leaves no diff behind", async () => {
    await fx.setSpec({ policies: { office: { description: "office and VPN" } } });
    const preview = await fx.stack.preview();
    expect(preview.ops[urn()]).toEqual(["update"]);
    expectSuccess(await fx.stack.up());
    expect((await fx.outputs()).policyIds.office).toBe(id);
    // metadata was dropped from the program: back to the service's default.
    expect(await fx.client.ipPolicies.get(id)).toMatchObject({ description: "office and VPN", metadata: "" });
  });

  test("an out-of-band edit is reported by preview --refresh and undone by up --refresh", async () => {
    await fx.client.ipPolicies.update(id, { description: "edited by hand" });
    const preview = await fx.stack.preview({ refresh: true });
    expect(preview.ops[urn()]).toEqual(["refresh", "update"]);
    expectSuccess(await fx.stack.up(["--refresh"]));
    expect((await fx.client.ipPolicies.get(id)).description).toBe("office and VPN");
    expectSuccess(await fx.stack.preview({ refresh: true, expectNoChanges: true }));
  });

  test("an out-of-band delete is reported by preview --refresh and recreated by up --refresh", async () => {
    await fx.client.ipPolicies.delete(id);
    const preview = await fx.stack.preview({ refresh: true });
    expect(preview.ops[urn()]).toEqual(["refresh", "create"]);
    expectSuccess(await fx.stack.up(["--refresh"]));
    const recreated = (await fx.outputs()).policyIds.office;
    expect(recreated).not.toBe(id);
    expect((await fx.client.ipPolicies.get(recreated)).description).toBe("office and VPN");
  });

  test("a description over 255 bytes fails at preview, naming the field, and changes nothing", async () => {
    const before = await fx.client.ipPolicies.list().toArray();
    await fx.setSpec({ policies: { office: { description: "ü".repeat(128) } } });
    expectCheckFailure(await fx.stack.preview(), "description", /255 bytes/);
    expect(await fx.client.ipPolicies.list().toArray()).toEqual(before);
  });

  test("IpPolicy.get reads an existing policy without managing it", async () => {
    const existing = await fx.client.ipPolicies.create({ description: "made elsewhere" });
    const office = { office: { description: "office and VPN" } };
    await fx.setSpec({ policies: office, reads: { seen: { kind: "IpPolicy", id: existing.id } } });
    expectSuccess(await fx.stack.up());
    expect((await fx.outputs()).reads.seen).toEqual({ id: existing.id, description: "made elsewhere" });
    await fx.setSpec({ policies: office });
    expectSuccess(await fx.stack.up());
    // Dropping the read from the program leaves the resource alone.
    expect((await fx.client.ipPolicies.get(existing.id)).description).toBe("made elsewhere");
    await fx.client.ipPolicies.delete(existing.id);
  });

  test("adopt takes over a policy made outside Pulumi: same id, converged, no duplicate", async () => {
    const existing = await fx.client.ipPolicies.create({ description: "made by hand" });
    const count = (await fx.client.ipPolicies.list().toArray()).length;
    await fx.setSpec({ policies: { office: { description: "office and VPN" }, legacy: { adopt: existing.id, description: "now managed" } } });
    expectSuccess(await fx.stack.up());
    expect((await fx.outputs()).policyIds.legacy).toBe(existing.id);
    expect((await fx.client.ipPolicies.get(existing.id)).description).toBe("now managed");
    expect(await fx.client.ipPolicies.list().toArray()).toHaveLength(count);
    await fx.setSpec({ policies: { office: { description: "office and VPN" } } });
    expectSuccess(await fx.stack.up());
  });

  test("destroy leaves the emulator empty", async () => {
    expect(await fx.client.ipPolicies.list().toArray()).toHaveLength(1);
    expectSuccess(await fx.stack.destroy());
    expect(await fx.client.ipPolicies.list().toArray()).toEqual([]);
  });
});
