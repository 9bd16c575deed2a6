/** IpRestriction through the real engine: policies by reference, in-place update, replace on type. */
import { expectCheckFailure, expectSuccess, useAccessStack } from "../support/engine-stack";

const fx = useAccessStack();
const policies = { a: {}, b: {} };

describe("IpRestriction on the real engine", () => {
  let id: string;
  const urn = () => fx.urn("IpRestriction", "api");
  const ids = async () => (await fx.outputs()) as { policyIds: Record<string, string>; restrictionIds: Record<string, string> };

  test("up creates it referencing a policy created in the same update", async () => {
    await fx.setSpec({ policies, restrictions: { api: { type: "api", policies: ["a"] } } });
    expectSuccess(await fx.stack.up());
    const out = await ids();
    id = out.restrictionIds.api;
    const server = await fx.client.ipRestrictions.get(id);
    expect(server).toMatchObject({ type: "api", enforced: false });
    expect(server.ipPolicies.map((r) => r.id)).toEqual([out.policyIds.a]);
  });

  test("policies and enforcement change in place (same id)", async () => {
    await fx.setSpec({ policies, restrictions: { api: { type: "api", policies: ["a", "b"], enforced: true } } });
    expect((await fx.stack.preview()).ops[urn()]).toEqual(["update"]);
    expectSuccess(await fx.stack.up());
    const out = await ids();
    expect(out.restrictionIds.api).toBe(id);
    const server = await fx.client.ipRestrictions.get(id);
    expect(server.enforced).toBe(true);
    expect(server.ipPolicies.map((r) => r.id)).toEqual([out.policyIds.a, out.policyIds.b]);
  });

  test("changing type replaces it: a new id, the old one gone from the service", async () => {
    await fx.setSpec({ policies, restrictions: { api: { type: "dashboard", policies: ["a", "b"], enforced: true } } });
    const preview = await fx.stack.preview();
    expect(preview.ops[urn()]).toEqual(["replace"]);
    expectSuccess(await fx.stack.up());
    const replaced = (await ids()).restrictionIds.api;
    expect(replaced).not.toBe(id);
    expect((await fx.client.ipRestrictions.get(replaced)).type).toBe("dashboard");
    await expect(fx.client.ipRestrictions.get(id)).rejects.toMatchObject({ status: 404 });
    id = replaced;
  });

  test("out-of-band edit and delete are reported by preview --refresh and fixed by up --refresh", async () => {
    await fx.client.ipRestrictions.update(id, { enforced: false });
    expect((await fx.stack.preview({ refresh: true })).ops[urn()]).toEqual(["refresh", "update"]);
    expectSuccess(await fx.stack.up(["--refresh"]));
    expect((await fx.client.ipRestrictions.get(id)).enforced).toBe(true);

    await fx.client.ipRestrictions.delete(id);
    expect((await fx.stack.preview({ refresh: true })).ops[urn()]).toEqual(["refresh", "create"]);
    expectSuccess(await fx.stack.up(["--refresh"]));
    id = (await ids()).restrictionIds.api;
    expect((await fx.client.ipRestrictions.get(id)).type).toBe("dashboard");
    expectSuccess(await fx.stack.preview({ refresh: true, expectNoChanges: true }));
  });

  test("an unknown type fails at preview naming the field", async () => {
    await fx.setSpec({ policies, restrictions: { api: { type: "ssh", policies: ["a"] } } });
    expectCheckFailure(await fx.stack.preview(), "type", /dashboard/);
  });

  test("destroy leaves the emulator empty", async () => {
    expectSuccess(await fx.stack.destroy());
    expect(await fx.client.ipRestrictions.list().toArray()).toEqual([]);
    expect(await fx.client.ipPolicies.list().toArray()).toEqual([]);
  });
});
