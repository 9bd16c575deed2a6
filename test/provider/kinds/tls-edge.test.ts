/** TlsEdge through the provider runtime against the emulator: TLS termination's rules. */
import { useRuntime } from "../runtime-fixture";

const fx = useRuntime();
const P = { __provider: "serialized" };
const K = "TlsEdge";

describe("TlsEdge provider", () => {
  it("TLS passed through to the upstream has no minimum version, and reads back with no diff", async () => {
    const { runtime } = fx;
    const inputs = { ...P, hostports: ["tls-up.example.com:443"], tlsTermination: { terminateAt: "upstream" } };
    const edge = await runtime.create(K, inputs);
    expect(edge.outs.tlsTermination).toEqual({ enabled: true, terminateAt: "upstream", minVersion: null });
    expect((await runtime.diff(K, edge.id, edge.outs, inputs)).changes).toBe(false);
  });

  it("at the edge an omitted minimum version is the service's; an explicit other one is a change", async () => {
    const { runtime } = fx;
    const inputs = { ...P, hostports: ["tls-edge.example.com:443"], tlsTermination: {} };
    const edge = await runtime.create(K, inputs);
    expect(edge.outs.tlsTermination).toMatchObject({ terminateAt: "edge", minVersion: "1.2" });
    expect((await runtime.diff(K, edge.id, edge.outs, inputs)).changes).toBe(false);
    expect(await runtime.diff(K, edge.id, edge.outs, { ...inputs, tlsTermination: { minVersion: "1.3" } })).toMatchObject({
      changes: true,
      replaces: [],
    });
  });

  it("a minimum version with TLS passed through fails at check, naming the field", async () => {
    const res = await fx.runtime.check(
      K,
      {},
      { ...P, hostports: ["tls-bad.example.com:443"], tlsTermination: { terminateAt: "upstream", minVersion: "1.2" } },
    );
    expect(res.failures).toEqual([{ property: "", reason: expect.stringMatching(/^tlsTermination\.minVersion: /) }]);
  });
});
