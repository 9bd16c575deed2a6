import { useEmulator } from "../../support/emulator";
import { expectError, RFC3339_UTC } from "../support";

const emu = useEmulator();
const { api } = emu;

type Endpoint = Record<string, any>;
const endpointsOf = async (edgeId: string): Promise<Endpoint[]> =>
  (await api.listAll("/endpoints", "endpoints")).filter((ep) => (ep.edge as { id: string }).id === edgeId);
const byHostport = (list: Endpoint[]) => Object.fromEntries(list.map((ep) => [ep.hostport, ep]));

describe("endpoints", () => {
  test.each([
    ["tcp", "tcp_edges"],
    ["tls", "tls_edges"],
    ["https", "https_edges"],
  ])("a %s edge has one endpoint per hostport with §2.20 fields", async (proto) => {
    const hostports = [`${proto}-one.example.com:443`, `*.${proto}.example.com:8443`];
    const edge = (await api.post(`/edges/${proto}`, { metadata: "edge meta", hostports })).body;
    const eps = await endpointsOf(edge.id);
    expect(eps.map((ep) => ep.hostport).sort()).toEqual([...hostports].sort());
    for (const ep of eps) {
      expect(Object.keys(ep)).toEqual([
        "id",
        "uri",
        "region",
        "created_at",
        "updated_at",
        "public_url",
        "proto",
        "hostport",
        "type",
        "metadata",
        "domain",
        "tcp_addr",
        "tunnel",
        "edge",
      ]);
      expect(ep.updated_at).toMatch(RFC3339_UTC);
      expect(ep).toMatchObject({
        region: "global",
        public_url: `${proto}://${ep.hostport}`,
        proto,
        type: "edge",
        metadata: "edge meta",
        domain: null,
        tcp_addr: null,
        tunnel: null,
        edge: { id: edge.id, uri: `${emu.url}/edges/${proto}/${edge.id}` },
      });
    }
  });

  test("hostports added, kept and dropped by a PATCH; metadata follows the edge", async () => {
    const edge = (await api.post("/edges/tcp", { hostports: ["keep.example.com:1", "drop.example.com:1"] })).body;
    const before = byHostport(await endpointsOf(edge.id));
    await api.patch(`/edges/tcp/${edge.id}`, { hostports: ["keep.example.com:1", "add.example.com:1"], metadata: "new meta" });
    const after = byHostport(await endpointsOf(edge.id));
    expect(Object.keys(after).sort()).toEqual(["add.example.com:1", "keep.example.com:1"]);
    expect(after["keep.example.com:1"].id).toBe(before["keep.example.com:1"].id);
    expect(after["keep.example.com:1"].created_at).toBe(before["keep.example.com:1"].created_at);
    expect(after["keep.example.com:1"].metadata).toBe("new meta");
    expect(after["add.example.com:1"].metadata).toBe("new meta");
    expect(after["add.example.com:1"].id > before["keep.example.com:1"].id).toBe(true);
    expectError(await api.get(`/endpoints/${before["drop.example.com:1"].id}`), 404, "NOT_FOUND");
  });

  test("a module change leaves the endpoints alone", async () => {
    const edge = (await api.post("/edges/https", { hostports: ["module.example.com:443"] })).body;
    const before = await endpointsOf(edge.id);
    await api.put(`/edges/https/${edge.id}/tls_termination`, { min_version: "1.3" });
    await api.post(`/edges/https/${edge.id}/routes`, { match_type: "path_prefix", match: "/" });
    expect(await endpointsOf(edge.id)).toEqual(before);
  });

  test("deleting an edge removes its endpoints", async () => {
    const edge = (await api.post("/edges/tls", { hostports: ["gone.example.com:443", "gone2.example.com:443"] })).body;
    const eps = await endpointsOf(edge.id);
    expect(eps).toHaveLength(2);
    await api.del(`/edges/tls/${edge.id}`);
    expect(await endpointsOf(edge.id)).toEqual([]);
    for (const ep of eps) expectError(await api.get(`/endpoints/${ep.id}`), 404, "NOT_FOUND");
  });

  test("before_id must be an endpoint id", async () => {
    expectError(await api.get("/endpoints?before_id=edgtcp_00000000000000000000000000"), 400, "INVALID_QUERY");
  });

  test("endpoints are read-only", async () => {
    const ep = (await api.get("/endpoints?limit=1")).body.endpoints[0];
    const create = await api.unchanged(() => api.post("/endpoints", {}));
    expectError(create, 405, "METHOD_NOT_ALLOWED");
    expect(create.headers.allow).toBe("GET");
    expectError(await api.unchanged(() => api.patch(`/endpoints/${ep.id}`, { metadata: "x" })), 405, "METHOD_NOT_ALLOWED");
    expectError(await api.unchanged(() => api.del(`/endpoints/${ep.id}`)), 405, "METHOD_NOT_ALLOWED");
  });

  describe("one hostport serves one edge at a time, across edge kinds", () => {
    const held = "shared.example.com:443";
    let holder: string;
    beforeAll(async () => {
      holder = (await api.post("/edges/tcp", { hostports: [held] })).body.id;
    });

    test.each(["tcp", "tls", "https"])("creating a %s edge on a held hostport is 409 naming the holder", async (proto) => {
      const reply = await api.unchanged(() => api.post(`/edges/${proto}`, { hostports: ["free.example.com:9", held] }));
      expectError(reply, 409, "CONFLICT");
      expect(reply.body.details).toMatchObject({ field: "hostports[1]", in_use_by: holder });
      expect(reply.body.msg).toBe(`hostports[1]: "${held}" is already served by TCP edge ${holder}`);
    });

    test("a PATCH adding a held hostport is 409; keeping its own is fine", async () => {
      const other = (await api.post("/edges/https", { hostports: ["other.example.com:443"] })).body.id;
      expectError(
        await api.unchanged(() => api.patch(`/edges/https/${other}`, { hostports: ["other.example.com:443", held] })),
        409,
        "CONFLICT",
      );
      expect((await api.patch(`/edges/tcp/${holder}`, { hostports: [held, "more.example.com:443"] })).status).toBe(200);
    });

    test("validation errors come before the conflict", async () => {
      const reply = await api.unchanged(() =>
        api.post("/edges/tls", { hostports: [held], backend: { backend_id: "bkdtg_00000000000000000000000000" } }),
      );
      expectError(reply, 400, "INVALID_FIELD", "backend.backend_id");
    });

    test("a hostport moves once its holder lets it go", async () => {
      const moving = "moving.example.com:443";
      const a = (await api.post("/edges/tcp", { hostports: [moving, "a.example.com:1"] })).body.id;
      expectError(await api.post("/edges/tls", { hostports: [moving] }), 409, "CONFLICT");
      await api.patch(`/edges/tcp/${a}`, { hostports: ["a.example.com:1"] });
      const b = await api.post("/edges/tls", { hostports: [moving] });
      expect(b.status).toBe(201);
      const [ep] = await endpointsOf(b.body.id);
      expect(ep).toMatchObject({ hostport: moving, proto: "tls" });
      await api.del(`/edges/tls/${b.body.id}`);
      expect((await api.post("/edges/https", { hostports: [moving] })).status).toBe(201);
    });
  });
});
