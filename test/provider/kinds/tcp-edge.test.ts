/** TcpEdge through the provider runtime against the emulator: its hostports and its PATCH-set modules. */
import { kinds } from "../../../provider/kinds";
import { useRuntime } from "../runtime-fixture";

const fx = useRuntime();
const P = { __provider: "serialized" };
const K = "TcpEdge";

describe("TcpEdge provider", () => {
  it("compares hostports as a set: another order is no change, another hostport changes in place", async () => {
    const { runtime } = fx;
    const inputs = { ...P, hostports: ["tcp-a.example.com:20101", "tcp-b.example.com:20102"] };
    const edge = await runtime.create(K, inputs);
    expect((await runtime.diff(K, edge.id, edge.outs, { ...inputs, hostports: [...inputs.hostports].reverse() })).changes).toBe(false);
    const news = { ...inputs, hostports: ["tcp-a.example.com:20101", "tcp-c.example.com:20103"] };
    expect(await runtime.diff(K, edge.id, edge.outs, news)).toMatchObject({ changes: true, replaces: [] });
    expect((await runtime.update(K, edge.id, edge.outs, news)).outs!.hostports).toEqual(expect.arrayContaining(news.hostports));
  });

  it("sets a module with the edge's own update, and a module left out is removed", async () => {
    const { runtime, client } = fx;
    expect(kinds.TcpEdge.patchSetsModules).toBe(true);
    const policy = await client.ipPolicies.create({});
    const inputs = { ...P, hostports: ["tcp-m.example.com:20104"] };
    const edge = await runtime.create(K, inputs);
    expect(edge.outs.ipRestriction).toBeNull();
    const guarded = await runtime.update(K, edge.id, edge.outs, { ...inputs, ipRestriction: { ipPolicyIds: [policy.id] } });
    expect(guarded.outs!.ipRestriction).toEqual({ enabled: true, ipPolicyIds: [policy.id] });
    expect((await client.tcpEdges.get(edge.id)).ipRestriction?.ipPolicies.map((p) => p.id)).toEqual([policy.id]);
    const open = await runtime.update(K, edge.id, guarded.outs!, inputs);
    expect(open.outs!.ipRestriction).toBeNull();
  });

  it("is named by its first hostport in `edge-ingress export`", () => {
    expect(kinds.TcpEdge.export?.label?.({ hostports: ["x.example.com:1", "y.example.com:2"] } as never, () => undefined)).toBe(
      "x.example.com:1",
    );
  });
});
