/** TunnelGroupBackend through the provider runtime against the emulator: its labels and tunnels. */
import { useRuntime } from "../runtime-fixture";

const fx = useRuntime();
const P = { __provider: "serialized" };
const K = "TunnelGroupBackend";

describe("TunnelGroupBackend provider", () => {
  it("labels are user data: keys reach the service and come back exactly as written", async () => {
    const { runtime, client } = fx;
    const labels = { appName: "web", "team-id": "a1", Region_Code: "eu" };
    const backend = await runtime.create(K, { ...P, labels });
    expect(backend.outs.labels).toEqual(labels);
    expect((await client.tunnelGroupBackends.get(backend.id)).labels).toEqual(labels);
    expect((await runtime.diff(K, backend.id, backend.outs, { ...P, labels })).changes).toBe(false);
  });

  it("omitted labels are none, and a label changes in place; the matching tunnels are an output", async () => {
    const { runtime } = fx;
    const backend = await runtime.create(K, { ...P });
    expect(backend.outs).toMatchObject({ labels: {}, tunnelIds: [] });
    expect((await runtime.diff(K, backend.id, backend.outs, { ...P, labels: {} })).changes).toBe(false);
    expect(await runtime.diff(K, backend.id, backend.outs, { ...P, labels: { app: "b" } })).toMatchObject({ changes: true, replaces: [] });
  });
});
