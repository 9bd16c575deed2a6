/** FailoverBackend through the provider runtime against the emulator: its backends are an ordered list. */
import { useRuntime } from "../runtime-fixture";

const fx = useRuntime();
const P = { __provider: "serialized" };
const K = "FailoverBackend";

describe("FailoverBackend provider", () => {
  it("the order of the backends is their failover order: another order is a change, made in place", async () => {
    const { runtime, client } = fx;
    const a = (await client.tunnelGroupBackends.create({ labels: { app: "a" } })).id;
    const b = (await client.tunnelGroupBackends.create({ labels: { app: "b" } })).id;
    const backend = await runtime.create(K, { ...P, backends: [a, b] });
    expect(backend.outs.backends).toEqual([a, b]);
    expect((await runtime.diff(K, backend.id, backend.outs, { ...P, backends: [a, b] })).changes).toBe(false);
    expect(await runtime.diff(K, backend.id, backend.outs, { ...P, backends: [b, a] })).toMatchObject({ changes: true, replaces: [] });
    const updated = await runtime.update(K, backend.id, backend.outs, { ...P, backends: [b, a] });
    expect(updated.outs!.backends).toEqual([b, a]);
    expect((await client.failoverBackends.get(backend.id)).backends).toEqual([b, a]);
  });

  it("backends are required: none fails at check", async () => {
    const res = await fx.runtime.check(K, {}, { ...P });
    expect(res.failures).toEqual([{ property: "backends", reason: expect.any(String) }]);
  });
});
