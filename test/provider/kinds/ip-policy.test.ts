import { useRuntime } from "../runtime-fixture";

const fx = useRuntime();
const P = { __provider: "serialized" };

// The round trip, delete and defaults are in kinds.test.ts, for every kind.
describe("IpPolicy provider", () => {
  it("refresh sees an out-of-band edit and an out-of-band delete", async () => {
    const { runtime, client } = fx;
    const created = await runtime.create("IpPolicy", { ...P });
    await client.ipPolicies.update(created.id, { description: "by hand" });
    const read = await runtime.read("IpPolicy", created.id, created.outs);
    expect(read.props!.description).toBe("by hand");
    expect((await runtime.diff("IpPolicy", created.id, read.props!, { ...P })).changes).toBe(true);

    await client.ipPolicies.delete(created.id);
    expect(await runtime.read("IpPolicy", created.id, read.props)).toEqual({});
  });
});
