/** Endpoints: read-only get and list. */
import { useWire } from "./wire-fixture";
import { list, samples } from "./wire-samples";

const wire = useWire();

describe("on the wire", () => {
  test("get and list address /endpoints with the endpoints list key", async () => {
    wire.reply(200, samples.endpoint());
    const endpoint = await wire.client.endpoints.get("ep_1");
    expect(wire.last()).toMatchObject({ method: "GET", path: "/endpoints/ep_1" });
    expect(endpoint).toEqual({
      id: "ep_1",
      uri: "https://api.test/endpoints/ep_1",
      region: "global",
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      publicUrl: "tcp://tcp.example.test:9000",
      proto: "tcp",
      hostport: "tcp.example.test:9000",
      type: "edge",
      metadata: "",
      domain: null,
      tcpAddr: null,
      tunnel: null,
      edge: samples.ref("edgtcp_1"),
    });

    wire.reply(200, list("endpoints", [samples.endpoint(), samples.endpoint({ id: "ep_2" })]));
    expect((await wire.client.endpoints.list({ limit: 2 }).toArray()).map((e) => e.id)).toEqual(["ep_1", "ep_2"]);
    expect(wire.last()).toMatchObject({ method: "GET", path: "/endpoints?limit=2" });
  });

  test("absent references read as null", async () => {
    const { domain: _d, tcp_addr: _t, tunnel: _u, ...bare } = samples.endpoint();
    wire.reply(200, bare);
    expect(await wire.client.endpoints.get("ep_1")).toMatchObject({ domain: null, tcpAddr: null, tunnel: null });
  });

  test("the client offers no way to change an endpoint", () => {
    const endpoints = wire.client.endpoints as unknown as Record<string, unknown>;
    expect([endpoints.create, endpoints.update, endpoints.delete]).toEqual([undefined, undefined, undefined]);
  });
});
