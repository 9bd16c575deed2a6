/** HTTPS edges: paths and wire shape, routes read inline, the HTTPS TLS termination shape. */
import { expectInvalid } from "./emulator-fixture";
import { useWire } from "./wire-fixture";
import { list, samples } from "./wire-samples";

const wire = useWire();

describe("on the wire", () => {
  test("create sends the HTTPS modules; routes are read with every route module key", async () => {
    const route = samples.route({ compression: { enabled: true } });
    wire.reply(201, samples.httpsEdge({ tls_termination: { enabled: true, terminate_at: "edge", min_version: "1.3" }, routes: [route] }));
    const created = await wire.client.httpsEdges.create({ hostports: ["www.example.test:443"], tlsTermination: { minVersion: "1.3" } });
    expect(wire.last()).toEqual({ method: "POST", path: "/edges/https", body: { hostports: ["www.example.test:443"], tls_termination: { min_version: "1.3" } } });
    expect(created.tlsTermination).toEqual({ enabled: true, terminateAt: "edge", minVersion: "1.3" });
    expect(created.mutualTls).toBeNull();
    expect(created.routes).toEqual([
      expect.objectContaining({ edgeId: "edghts_1", id: "edghtsrt_1", matchType: "path_prefix", match: "/", compression: { enabled: true }, webhookVerification: null, jwtValidation: null }),
    ]);
  });

  test("absent routes read as an empty list", async () => {
    const { routes: _, ...bare } = samples.httpsEdge();
    wire.reply(200, bare);
    expect((await wire.client.httpsEdges.get("edghts_1")).routes).toEqual([]);
  });

  test("CRUD paths, the https_edges list key, and module paths", async () => {
    const { httpsEdges } = wire.client;
    wire.reply(200, samples.httpsEdge());
    await httpsEdges.get("edghts_1");
    expect(wire.last()).toMatchObject({ method: "GET", path: "/edges/https/edghts_1" });
    await httpsEdges.update("edghts_1", { hostports: ["b.example.test:8443"] });
    expect(wire.last()).toEqual({ method: "PATCH", path: "/edges/https/edghts_1", body: { hostports: ["b.example.test:8443"] } });
    wire.reply(200, list("https_edges", [samples.httpsEdge()]));
    expect(await httpsEdges.list().toArray()).toHaveLength(1);
    wire.reply(204);
    await httpsEdges.delete("edghts_1");
    expect(wire.last()).toMatchObject({ method: "DELETE", path: "/edges/https/edghts_1" });
    await httpsEdges.deleteModule("edghts_1", "tlsTermination");
    expect(wire.last()).toMatchObject({ method: "DELETE", path: "/edges/https/edghts_1/tls_termination" });

    wire.reply(200, { enabled: false, certificate_authorities: [samples.ref("ca_1")] });
    await httpsEdges.replaceModule("edghts_1", "mutualTls", { enabled: false, certificateAuthorityIds: ["ca_1"] });
    expect(wire.last()).toEqual({ method: "PUT", path: "/edges/https/edghts_1/mutual_tls", body: { enabled: false, certificate_authority_ids: ["ca_1"] } });
  });
});

describe("client-side validation", () => {
  test.each([
    ["terminateAt (always edge on HTTPS)", { hostports: ["a.test:1"], tlsTermination: { terminateAt: "upstream" } }, "tlsTermination.terminateAt", "is not a known field"],
    ["a backend module (routes carry backends)", { hostports: ["a.test:1"], backend: { backendId: "bkdtg_1" } }, "backend", "is not a known field"],
    ["routes inline", { hostports: ["a.test:1"], routes: [] }, "routes", "is not a known field"],
  ])("create with %s", async (_label, params, field, rule) => {
    await expectInvalid(wire.client.httpsEdges.create(params as never), field, rule);
  });

  test("module names are the HTTPS edge's two", async () => {
    await expectInvalid(wire.client.httpsEdges.getModule("edghts_1", "backend" as never), "name", "must be one of mutualTls, tlsTermination");
  });
});
