/** TLS edges: paths and wire shape, the four modules, and the pass-through rule. */
import { expectInvalid } from "./emulator-fixture";
import { useWire } from "./wire-fixture";
import { list, samples } from "./wire-samples";

const wire = useWire();

describe("on the wire", () => {
  test("create sends every module in wire case and reads them back", async () => {
    const modules = {
      backend: { enabled: true, backend: samples.ref("bkdfo_1") },
      ip_restriction: { enabled: true, ip_policies: [samples.ref("ipp_1")] },
      mutual_tls: { enabled: true, certificate_authorities: [samples.ref("ca_1")] },
      tls_termination: { enabled: true, terminate_at: "edge", min_version: "1.2" },
    };
    wire.reply(201, samples.tlsEdge(modules));
    const created = await wire.client.tlsEdges.create({
      hostports: ["tls.example.test:443"],
      backend: { backendId: "bkdfo_1" },
      ipRestriction: { ipPolicyIds: ["ipp_1"] },
      mutualTls: { certificateAuthorityIds: ["ca_1"] },
      tlsTermination: { terminateAt: "edge" },
    });
    expect(wire.last()).toEqual({
      method: "POST",
      path: "/edges/tls",
      body: {
        hostports: ["tls.example.test:443"],
        backend: { backend_id: "bkdfo_1" },
        ip_restriction: { ip_policy_ids: ["ipp_1"] },
        mutual_tls: { certificate_authority_ids: ["ca_1"] },
        tls_termination: { terminate_at: "edge" },
      },
    });
    expect(created).toMatchObject({
      backend: { enabled: true, backend: samples.ref("bkdfo_1") },
      ipRestriction: { enabled: true, ipPolicies: [samples.ref("ipp_1")] },
      mutualTls: { enabled: true, certificateAuthorities: [samples.ref("ca_1")] },
      tlsTermination: { enabled: true, terminateAt: "edge", minVersion: "1.2" },
    });
  });

  test("CRUD paths, the tls_edges list key, and module paths", async () => {
    const { tlsEdges } = wire.client;
    wire.reply(200, samples.tlsEdge());
    await tlsEdges.update("edgtls_1", { description: "d" });
    expect(wire.last()).toEqual({ method: "PATCH", path: "/edges/tls/edgtls_1", body: { description: "d" } });
    wire.reply(200, list("tls_edges", [samples.tlsEdge()]));
    expect(await tlsEdges.list().toArray()).toHaveLength(1);
    wire.reply(204);
    await tlsEdges.delete("edgtls_1");
    expect(wire.last()).toMatchObject({ method: "DELETE", path: "/edges/tls/edgtls_1" });

    wire.reply(200, { enabled: true, terminate_at: "upstream", min_version: null });
    expect(await tlsEdges.replaceModule("edgtls_1", "tlsTermination", { terminateAt: "upstream" })).toEqual({ enabled: true, terminateAt: "upstream", minVersion: null });
    expect(wire.last()).toEqual({ method: "PUT", path: "/edges/tls/edgtls_1/tls_termination", body: { terminate_at: "upstream" } });
    wire.reply(200, { enabled: true, certificate_authorities: [samples.ref("ca_1")] });
    await tlsEdges.getModule("edgtls_1", "mutualTls");
    expect(wire.last()).toMatchObject({ method: "GET", path: "/edges/tls/edgtls_1/mutual_tls" });
  });
});

describe("client-side validation", () => {
  test.each([
    ["mutual TLS with pass-through", { hostports: ["a.test:1"], mutualTls: { certificateAuthorityIds: ["ca_1"] }, tlsTermination: { terminateAt: "upstream" } }, "mutualTls", "must be absent when tlsTermination.terminateAt is upstream"],
    ["a version with pass-through", { hostports: ["a.test:1"], tlsTermination: { terminateAt: "upstream", minVersion: "1.3" } }, "tlsTermination.minVersion", "must be null when terminateAt is upstream"],
    ["a CA id of another kind", { hostports: ["a.test:1"], mutualTls: { certificateAuthorityIds: ["cert_1"] } }, "mutualTls.certificateAuthorityIds[0]", 'must be an id starting with "ca_"'],
    ["a route module", { hostports: ["a.test:1"], compression: {} }, "compression", "is not a known field"],
  ])("create with %s", async (_label, params, field, rule) => {
    await expectInvalid(wire.client.tlsEdges.create(params as never), field, rule);
  });

  test("update applies the pass-through rule to the fields it holds", async () => {
    await expectInvalid(
      wire.client.tlsEdges.update("edgtls_1", { tlsTermination: { terminateAt: "upstream" }, mutualTls: { certificateAuthorityIds: ["ca_1"] } }),
      "mutualTls",
      "must be absent when tlsTermination.terminateAt is upstream",
    );
  });

  test("module names are the TLS edge's four", async () => {
    await expectInvalid(wire.client.tlsEdges.deleteModule("edgtls_1", "saml" as never), "name", "must be one of backend, ipRestriction, mutualTls, tlsTermination");
  });
});
