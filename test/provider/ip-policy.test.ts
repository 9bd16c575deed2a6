import { useRuntime } from "./runtime-fixture";

const fx = useRuntime();
const P = { __provider: "serialized" };

describe("IpPolicy provider", () => {
  it("create returns every output, read returns the same, update keeps the id", async () => {
    const { runtime } = fx;
    const created = await runtime.create("IpPolicy", { ...P, description: "office" });
    expect(created.id).toMatch(/^ipp_/);
    expect(created.outs).toEqual({ description: "office", metadata: "", uri: expect.stringContaining(created.id), createdAt: expect.any(String) });

    const read = await runtime.read("IpPolicy", created.id, created.outs);
    expect(read).toEqual({ id: created.id, props: created.outs });

    const news = { ...P, description: "office", metadata: "m" };
    expect((await runtime.diff("IpPolicy", created.id, created.outs, news)).changes).toBe(true);
    const updated = await runtime.update("IpPolicy", created.id, created.outs, news);
    expect(updated.outs).toMatchObject({ description: "office", metadata: "m", createdAt: created.outs.createdAt });
    expect((await fx.client.ipPolicies.get(created.id)).metadata).toBe("m");
    // After the update, the stored outputs match the inputs: no perpetual diff.
    expect((await runtime.diff("IpPolicy", created.id, updated.outs, news)).changes).toBe(false);
  });

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

  it("delete removes it, and deleting what is already gone succeeds", async () => {
    const { runtime, client } = fx;
    const created = await runtime.create("IpPolicy", { ...P });
    await runtime.delete("IpPolicy", created.id, created.outs!);
    await expect(client.ipPolicies.get(created.id)).rejects.toMatchObject({ status: 404 });
    await expect(runtime.delete("IpPolicy", created.id, created.outs!)).resolves.toBeUndefined();
  });
});
