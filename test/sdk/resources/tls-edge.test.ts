/** TLS edges: paths and wire shape, the four modules, and the pass-through rule. */
import { BadRequestError, NotFoundError } from "../../../sdk";
import { useEmulator } from "../../support/emulator";
import { caPem } from "../../support/pki";
import { expectApiError, expectInvalid } from "../expect";
import { useWire } from "../wire-fixture";
import { list, samples } from "../wire-samples";

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
    expect(await tlsEdges.replaceModule("edgtls_1", "tlsTermination", { terminateAt: "upstream" })).toEqual({
      enabled: true,
      terminateAt: "upstream",
      minVersion: null,
    });
    expect(wire.last()).toEqual({ method: "PUT", path: "/edges/tls/edgtls_1/tls_termination", body: { terminate_at: "upstream" } });
    wire.reply(200, { enabled: true, certificate_authorities: [samples.ref("ca_1")] });
    await tlsEdges.getModule("edgtls_1", "mutualTls");
    expect(wire.last()).toMatchObject({ method: "GET", path: "/edges/tls/edgtls_1/mutual_tls" });
  });
});

describe("client-side validation", () => {
  test.each([
    [
      "mutual TLS with pass-through",
      { hostports: ["a.test:1"], mutualTls: { certificateAuthorityIds: ["ca_1"] }, tlsTermination: { terminateAt: "upstream" } },
      "tlsTermination.terminateAt",
      "must not be upstream while mutualTls is set",
    ],
    [
      "a version with pass-through",
      { hostports: ["a.test:1"], tlsTermination: { terminateAt: "upstream", minVersion: "1.3" } },
      "tlsTermination.minVersion",
      "must be null when terminateAt is upstream",
    ],
    [
      "a CA id of another kind",
      { hostports: ["a.test:1"], mutualTls: { certificateAuthorityIds: ["cert_1"] } },
      "mutualTls.certificateAuthorityIds[0]",
      'must be an id starting with "ca_"',
    ],
    ["a route module", { hostports: ["a.test:1"], compression: {} }, "compression", "is not a known field"],
  ])("create with %s", async (_label, params, field, rule) => {
    await expectInvalid(wire.client.tlsEdges.create(params as never), field, rule);
  });

  test("update applies the pass-through rule to the fields it holds", async () => {
    await expectInvalid(
      wire.client.tlsEdges.update("edgtls_1", {
        tlsTermination: { terminateAt: "upstream" },
        mutualTls: { certificateAuthorityIds: ["ca_1"] },
      }),
      "tlsTermination.terminateAt",
      "must not be upstream while mutualTls is set",
    );
  });

  test("module names are the TLS edge's four", async () => {
    await expectInvalid(
      wire.client.tlsEdges.deleteModule("edgtls_1", "saml" as never),
      "name",
      "must be one of backend, ipRestriction, mutualTls, tlsTermination",
    );
  });
});

describe("against the emulator", () => {
  const emu = useEmulator();
  let port = 30000;
  const nextHostport = () => `tls.example.test:${port++}`;

  test("create with all four modules; TLS termination takes the service defaults; update, list, delete", async () => {
    const { tlsEdges, failoverBackends, tunnelGroupBackends, ipPolicies } = emu.client;
    const ca = (await emu.client.certificateAuthorities.create({ caPem: caPem() })).id;
    const tg = await tunnelGroupBackends.create({});
    const fo = await failoverBackends.create({ backends: [tg.id] });
    const policy = await ipPolicies.create({});
    const created = await tlsEdges.create({
      hostports: [nextHostport()],
      backend: { backendId: fo.id },
      ipRestriction: { ipPolicyIds: [policy.id] },
      mutualTls: { certificateAuthorityIds: [ca] },
      tlsTermination: {},
    });
    expect(created).toMatchObject({
      id: expect.stringMatching(/^edgtls_/),
      backend: { enabled: true, backend: { id: fo.id, uri: fo.uri } },
      ipRestriction: { enabled: true, ipPolicies: [{ id: policy.id, uri: policy.uri }] },
      mutualTls: { enabled: true, certificateAuthorities: [{ id: ca, uri: expect.stringContaining(ca) }] },
      tlsTermination: { enabled: true, terminateAt: "edge", minVersion: "1.2" },
    });
    await expect(tlsEdges.get(created.id)).resolves.toEqual(created);

    const updated = await tlsEdges.update(created.id, { metadata: "m", tlsTermination: { minVersion: "1.3" } });
    expect(updated).toEqual({ ...created, metadata: "m", tlsTermination: { enabled: true, terminateAt: "edge", minVersion: "1.3" } });
    expect(await tlsEdges.list().toArray()).toContainEqual(updated);

    await tlsEdges.delete(created.id);
    await expectApiError(tlsEdges.get(created.id), NotFoundError, "NOT_FOUND");
  });

  test("pass-through: the version reads as null, and mutual TLS is refused either way round", async () => {
    const { tlsEdges } = emu.client;
    const ca = (await emu.client.certificateAuthorities.create({ caPem: caPem() })).id;
    const upstream = await tlsEdges.create({ hostports: [nextHostport()], tlsTermination: { terminateAt: "upstream" } });
    expect(upstream.tlsTermination).toEqual({ enabled: true, terminateAt: "upstream", minVersion: null });
    await expectApiError(
      tlsEdges.replaceModule(upstream.id, "mutualTls", { certificateAuthorityIds: [ca] }),
      BadRequestError,
      "INVALID_FIELD",
      "mutualTls",
    );

    const mtls = await tlsEdges.create({ hostports: [nextHostport()], mutualTls: { certificateAuthorityIds: [ca] } });
    await expectApiError(
      tlsEdges.replaceModule(mtls.id, "tlsTermination", { terminateAt: "upstream" }),
      BadRequestError,
      "INVALID_FIELD",
      "terminateAt",
    );
    await expectApiError(
      tlsEdges.update(mtls.id, { tlsTermination: { terminateAt: "upstream" } }),
      BadRequestError,
      "INVALID_FIELD",
      "tlsTermination.terminateAt",
    );

    await tlsEdges.deleteModule(mtls.id, "mutualTls");
    const now = await tlsEdges.replaceModule(mtls.id, "tlsTermination", { terminateAt: "upstream", minVersion: null });
    expect(now).toEqual({ enabled: true, terminateAt: "upstream", minVersion: null });
  });

  test("the service's own check: a CA that does not exist → BadRequestError INVALID_FIELD", async () => {
    await expectApiError(
      emu.client.tlsEdges.create({
        hostports: [nextHostport()],
        mutualTls: { certificateAuthorityIds: ["ca_00000000000000000000000000"] },
      }),
      BadRequestError,
      "INVALID_FIELD",
      "mutualTls.certificateAuthorityIds[0]",
    );
  });
});
