/** Endpoints: read-only get and list. */
import { NotFoundError } from "../../../sdk";
import { useEmulator } from "../../support/emulator";
import { expectApiError } from "../expect";
import { useWire } from "../wire-fixture";
import { list, samples } from "../wire-samples";

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

describe("against the emulator", () => {
  const emu = useEmulator();

  test("each hostport of an edge is an endpoint; it keeps its id while the hostport stays, and goes with it", async () => {
    const { tcpEdges, httpsEdges, endpoints } = emu.client;
    const edge = await tcpEdges.create({ hostports: ["db.example.test:5432", "db.example.test:5433"], metadata: "team=db" });
    const mine = async () => (await endpoints.list().toArray()).filter((e) => e.edge?.id === edge.id);

    const before = await mine();
    expect(before.map((e) => e.hostport).sort()).toEqual(["db.example.test:5432", "db.example.test:5433"]);
    const first = before.find((e) => e.hostport === "db.example.test:5432");
    expect(first).toEqual({
      id: expect.stringMatching(/^ep_/),
      uri: expect.stringContaining(first?.id ?? "?"),
      region: "global",
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      publicUrl: "tcp://db.example.test:5432",
      proto: "tcp",
      hostport: "db.example.test:5432",
      type: "edge",
      metadata: "team=db",
      domain: null,
      tcpAddr: null,
      tunnel: null,
      edge: { id: edge.id, uri: edge.uri },
    });
    await expect(endpoints.get(first!.id)).resolves.toEqual(first);

    await tcpEdges.update(edge.id, { hostports: ["db.example.test:5432", "db.example.test:6000"] });
    const after = await mine();
    expect(after.find((e) => e.hostport === "db.example.test:5432")?.id).toBe(first!.id);
    expect(after.map((e) => e.hostport).sort()).toEqual(["db.example.test:5432", "db.example.test:6000"]);

    await tcpEdges.delete(edge.id);
    expect(await mine()).toEqual([]);
    await expectApiError(endpoints.get(first!.id), NotFoundError, "NOT_FOUND");

    const https = await httpsEdges.create({ hostports: ["www.example.test:443"] });
    expect((await endpoints.list().toArray()).find((e) => e.edge?.id === https.id)).toMatchObject({
      proto: "https",
      publicUrl: "https://www.example.test:443",
    });
  });

  test("list follows next_page_uri under endpoints", async () => {
    await emu.client.tlsEdges.create({
      hostports: ["a.example.test:1", "a.example.test:2", "a.example.test:3", "a.example.test:4", "a.example.test:5"],
    });
    const seen: string[] = [];
    let pages = 0;
    for await (const page of emu.client.endpoints.list({ limit: 2 }).pages()) {
      pages++;
      seen.push(...page.items.map((e) => e.id));
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThanOrEqual(5);
    expect(pages).toBe(Math.ceil(seen.length / 2));
  });
});
