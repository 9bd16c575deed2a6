/** HTTPS edges: paths and wire shape, routes read inline, the HTTPS TLS termination shape. */
import { BadRequestError, NotFoundError } from "../../../sdk";
import { useEmulator } from "../../support/emulator";
import { caPem } from "../../support/pki";
import { expectApiError, expectInvalid } from "../expect";
import { useWire } from "../wire-fixture";
import { list, samples } from "../wire-samples";

const wire = useWire();

describe("on the wire", () => {
  test("create sends the HTTPS modules; routes are read with every route module key", async () => {
    const route = samples.route({ compression: { enabled: true } });
    wire.reply(201, samples.httpsEdge({ tls_termination: { enabled: true, terminate_at: "edge", min_version: "1.3" }, routes: [route] }));
    const created = await wire.client.httpsEdges.create({ hostports: ["www.example.test:443"], tlsTermination: { minVersion: "1.3" } });
    expect(wire.last()).toEqual({
      method: "POST",
      path: "/edges/https",
      body: { hostports: ["www.example.test:443"], tls_termination: { min_version: "1.3" } },
    });
    expect(created.tlsTermination).toEqual({ enabled: true, terminateAt: "edge", minVersion: "1.3" });
    expect(created.mutualTls).toBeNull();
    expect(created.routes).toEqual([
      expect.objectContaining({
        edgeId: "edghts_1",
        id: "edghtsrt_1",
        matchType: "path_prefix",
        match: "/",
        compression: { enabled: true },
        webhookVerification: null,
        jwtValidation: null,
      }),
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
    expect(wire.last()).toEqual({
      method: "PUT",
      path: "/edges/https/edghts_1/mutual_tls",
      body: { enabled: false, certificate_authority_ids: ["ca_1"] },
    });
  });
});

describe("client-side validation", () => {
  test.each([
    [
      "terminateAt (always edge on HTTPS)",
      { hostports: ["a.test:1"], tlsTermination: { terminateAt: "upstream" } },
      "tlsTermination.terminateAt",
      "is not a known field",
    ],
    [
      "a backend module (routes carry backends)",
      { hostports: ["a.test:1"], backend: { backendId: "bkdtg_1" } },
      "backend",
      "is not a known field",
    ],
    ["routes inline", { hostports: ["a.test:1"], routes: [] }, "routes", "is not a known field"],
  ])("create with %s", async (_label, params, field, rule) => {
    await expectInvalid(wire.client.httpsEdges.create(params as never), field, rule);
  });

  test("module names are the HTTPS edge's two", async () => {
    await expectInvalid(
      wire.client.httpsEdges.getModule("edghts_1", "backend" as never),
      "name",
      "must be one of mutualTls, tlsTermination",
    );
  });
});

describe("against the emulator", () => {
  const emu = useEmulator();
  let port = 40000;
  const nextHostport = () => `www.example.test:${port++}`;

  test("create, get, update, list, delete; HTTPS TLS termination always ends at the edge", async () => {
    const { httpsEdges } = emu.client;
    const ca = (await emu.client.certificateAuthorities.create({ caPem: caPem() })).id;
    const created = await httpsEdges.create({
      hostports: [nextHostport()],
      tlsTermination: { minVersion: "1.3" },
      mutualTls: { certificateAuthorityIds: [ca] },
    });
    expect(created).toEqual({
      id: expect.stringMatching(/^edghts_/),
      uri: expect.stringContaining(created.id),
      createdAt: expect.any(String),
      description: "",
      metadata: "",
      hostports: created.hostports,
      mutualTls: { enabled: true, certificateAuthorities: [{ id: ca, uri: expect.stringContaining(ca) }] },
      tlsTermination: { enabled: true, terminateAt: "edge", minVersion: "1.3" },
      routes: [],
    });
    await expect(httpsEdges.get(created.id)).resolves.toEqual(created);

    const updated = await httpsEdges.update(created.id, { tlsTermination: {}, description: "site" });
    expect(updated).toEqual({ ...created, description: "site", tlsTermination: { enabled: true, terminateAt: "edge", minVersion: "1.2" } });
    expect(await httpsEdges.list().toArray()).toContainEqual(updated);

    await httpsEdges.deleteModule(created.id, "mutualTls");
    expect((await httpsEdges.get(created.id)).mutualTls).toBeNull();
    await httpsEdges.delete(created.id);
    await expectApiError(httpsEdges.get(created.id), NotFoundError, "NOT_FOUND");
  });

  test("routes show on the edge, oldest first, and go with it", async () => {
    const { httpsEdges, httpsEdgeRoutes } = emu.client;
    const edge = await httpsEdges.create({ hostports: [nextHostport()] });
    const first = await httpsEdgeRoutes.create(edge.id, { matchType: "path_prefix", match: "/" });
    const second = await httpsEdgeRoutes.create(edge.id, { matchType: "exact_path", match: "/health" });
    expect((await httpsEdges.get(edge.id)).routes).toEqual([first, second]);
    await httpsEdges.delete(edge.id);
    await expectApiError(httpsEdgeRoutes.get(edge.id, first.id), NotFoundError, "NOT_FOUND");
  });

  test("the service's own check: terminateAt is not an HTTPS field → BadRequestError UNKNOWN_FIELD", async () => {
    await expectApiError(
      emu.client.post("/edges/https", { body: { hostports: [nextHostport()], tlsTermination: { terminateAt: "edge" } } }),
      BadRequestError,
      "UNKNOWN_FIELD",
      "tlsTermination.terminateAt",
    );
  });
});
