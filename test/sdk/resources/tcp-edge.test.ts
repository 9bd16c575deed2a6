/** TCP edges: paths and wire shape of the edge and its module operations, hostport and module rules. */
import { BadRequestError, ConflictError, NotFoundError } from "../../../sdk";
import { useEmulator } from "../../support/emulator";
import { expectApiError, expectInvalid } from "../expect";
import { useWire } from "../wire-fixture";
import { list, samples } from "../wire-samples";

const wire = useWire();

describe("on the wire", () => {
  test("create sends modules inline in wire case; every module key is read, null when unset", async () => {
    wire.reply(201, samples.tcpEdge({ backend: { enabled: true, backend: samples.ref("bkdtg_1") } }));
    const created = await wire.client.tcpEdges.create({ hostports: ["tcp.example.test:9000"], backend: { backendId: "bkdtg_1" } });
    expect(wire.last()).toEqual({
      method: "POST",
      path: "/edges/tcp",
      body: { hostports: ["tcp.example.test:9000"], backend: { backend_id: "bkdtg_1" } },
    });
    expect(created).toEqual({
      id: "edgtcp_1",
      uri: "u",
      createdAt: expect.any(String),
      description: "",
      metadata: "",
      hostports: ["tcp.example.test:9000"],
      backend: { enabled: true, backend: samples.ref("bkdtg_1") },
      ipRestriction: null,
    });
  });

  test("a module key the service leaves out reads as null", async () => {
    const { ip_restriction: _, ...body } = samples.tcpEdge();
    wire.reply(200, body);
    expect((await wire.client.tcpEdges.get("edgtcp_1")).ipRestriction).toBeNull();
  });

  test("get, update, list and delete use /edges/tcp and the tcp_edges list key", async () => {
    const { tcpEdges } = wire.client;
    wire.reply(200, samples.tcpEdge());
    await tcpEdges.get("edgtcp_1");
    expect(wire.last()).toMatchObject({ method: "GET", path: "/edges/tcp/edgtcp_1" });
    await tcpEdges.update("edgtcp_1", { ipRestriction: { enabled: false, ipPolicyIds: ["ipp_1"] } });
    expect(wire.last()).toEqual({
      method: "PATCH",
      path: "/edges/tcp/edgtcp_1",
      body: { ip_restriction: { enabled: false, ip_policy_ids: ["ipp_1"] } },
    });
    wire.reply(200, list("tcp_edges", [samples.tcpEdge()]));
    expect(await tcpEdges.list().toArray()).toHaveLength(1);
    wire.reply(204);
    await tcpEdges.delete("edgtcp_1");
    expect(wire.last()).toMatchObject({ method: "DELETE", path: "/edges/tcp/edgtcp_1" });
  });

  test("module operations address /edges/tcp/{id}/{snake_case module}", async () => {
    const { tcpEdges } = wire.client;
    const module = { enabled: true, ip_policies: [samples.ref("ipp_1")] };
    wire.reply(200, module);
    expect(await tcpEdges.replaceModule("edgtcp_1", "ipRestriction", { ipPolicyIds: ["ipp_1"] })).toEqual({
      enabled: true,
      ipPolicies: [samples.ref("ipp_1")],
    });
    expect(wire.last()).toEqual({ method: "PUT", path: "/edges/tcp/edgtcp_1/ip_restriction", body: { ip_policy_ids: ["ipp_1"] } });
    await tcpEdges.getModule("edgtcp_1", "ipRestriction");
    expect(wire.last()).toMatchObject({ method: "GET", path: "/edges/tcp/edgtcp_1/ip_restriction" });
    wire.reply(204);
    await expect(tcpEdges.deleteModule("edgtcp_1", "backend")).resolves.toBeUndefined();
    expect(wire.last()).toMatchObject({ method: "DELETE", path: "/edges/tcp/edgtcp_1/backend" });
  });
});

describe("client-side validation", () => {
  test.each([
    ["no hostports", {}, "hostports", "is required"],
    ["an empty hostport list", { hostports: [] }, "hostports", "must have at least 1 item"],
    [
      "a hostport without a port",
      { hostports: ["tcp.example.test"] },
      "hostports[0]",
      "must be host:port with a lowercase DNS name (optionally *.) and a port from 1 to 65535",
    ],
    [
      "port 0",
      { hostports: ["a.test:0"] },
      "hostports[0]",
      "must be host:port with a lowercase DNS name (optionally *.) and a port from 1 to 65535",
    ],
    [
      "port 65536",
      { hostports: ["a.test:65536"] },
      "hostports[0]",
      "must be host:port with a lowercase DNS name (optionally *.) and a port from 1 to 65535",
    ],
    [
      "an upper-case host",
      { hostports: ["A.test:1"] },
      "hostports[0]",
      "must be host:port with a lowercase DNS name (optionally *.) and a port from 1 to 65535",
    ],
    [
      "a wildcard in the middle",
      { hostports: ["a.*.test:1"] },
      "hostports[0]",
      "must be host:port with a lowercase DNS name (optionally *.) and a port from 1 to 65535",
    ],
    ["a repeated hostport", { hostports: ["a.test:1", "a.test:1"] }, "hostports[1]", "must not repeat an earlier item"],
    ["a null module", { hostports: ["a.test:1"], backend: null }, "backend", "cannot be null: remove a module with deleteModule"],
    [
      "a module of another edge kind",
      { hostports: ["a.test:1"], mutualTls: { certificateAuthorityIds: ["ca_1"] } },
      "mutualTls",
      "is not a known field",
    ],
    [
      "a bad field inside a module",
      { hostports: ["a.test:1"], backend: { backendId: "bkdtg_1", backend: "x" } },
      "backend.backend",
      "is not a known field",
    ],
    ["read-only policies", { hostports: ["a.test:1"], policies: null }, "policies", "is not a known field"],
  ])("create with %s", async (_label, params, field, rule) => {
    await expectInvalid(wire.client.tcpEdges.create(params as never), field, rule);
  });

  test("accepted hostports: a wildcard host and the port limits", async () => {
    wire.reply(201, samples.tcpEdge());
    await wire.client.tcpEdges.create({ hostports: ["*.example.test:1", "x-1.test:65535"] });
    expect(wire.last().body).toEqual({ hostports: ["*.example.test:1", "x-1.test:65535"] });
  });

  test("update: hostports may be left out but not emptied; a module cannot be removed with null", async () => {
    await expectInvalid(wire.client.tcpEdges.update("edgtcp_1", { hostports: [] }), "hostports", "must have at least 1 item");
    await expectInvalid(
      wire.client.tcpEdges.update("edgtcp_1", { ipRestriction: null } as never),
      "ipRestriction",
      "cannot be null: remove a module with deleteModule",
    );
  });

  test("a module name the kind lacks is refused before sending", async () => {
    const before = wire.count();
    await expectInvalid(wire.client.tcpEdges.getModule("edgtcp_1", "mutualTls" as never), "name", "must be one of backend, ipRestriction");
    await expectInvalid(
      wire.client.tcpEdges.deleteModule("edgtcp_1", "ip_restriction" as never),
      "name",
      "must be one of backend, ipRestriction",
    );
    expect(wire.count()).toBe(before);
  });

  test("replaceModule checks the module's own rules", async () => {
    await expectInvalid(
      wire.client.tcpEdges.replaceModule("edgtcp_1", "backend", { backendId: "ipp_1" }),
      "backendId",
      'must be an id starting with "bkdtg_", "bkdwd_", "bkdfo_" or "bkdhr_"',
    );
    await expectInvalid(wire.client.tcpEdges.replaceModule("", "backend", { backendId: "bkdtg_1" }), "id", "must be a non-empty id");
  });
});

describe("against the emulator", () => {
  const emu = useEmulator();
  let port = 20000;
  const nextHostport = () => `tcp.example.test:${port++}`;

  test("create, get, update, list, delete with both modules", async () => {
    const { tcpEdges, tunnelGroupBackends, ipPolicies } = emu.client;
    const tg = await tunnelGroupBackends.create({});
    const policy = await ipPolicies.create({});
    const hostport = nextHostport();
    const created = await tcpEdges.create({
      hostports: [hostport],
      description: "db",
      backend: { backendId: tg.id },
      ipRestriction: { ipPolicyIds: [policy.id] },
    });
    expect(created).toEqual({
      id: expect.stringMatching(/^edgtcp_/),
      uri: expect.stringContaining(created.id),
      createdAt: expect.any(String),
      description: "db",
      metadata: "",
      hostports: [hostport],
      backend: { enabled: true, backend: { id: tg.id, uri: tg.uri } },
      ipRestriction: { enabled: true, ipPolicies: [{ id: policy.id, uri: policy.uri }] },
    });
    await expect(tcpEdges.get(created.id)).resolves.toEqual(created);

    // A module left out of a PATCH is unchanged; one given replaces it wholly.
    const described = await tcpEdges.update(created.id, { description: "db v2" });
    expect(described).toEqual({ ...created, description: "db v2" });
    const disabled = await tcpEdges.update(created.id, { ipRestriction: { enabled: false, ipPolicyIds: [policy.id] } });
    expect(disabled.ipRestriction).toEqual({ enabled: false, ipPolicies: [{ id: policy.id, uri: policy.uri }] });
    expect(disabled.backend).toEqual(created.backend);

    expect(await tcpEdges.list().toArray()).toContainEqual(disabled);
    await tcpEdges.delete(created.id);
    await expectApiError(tcpEdges.get(created.id), NotFoundError, "NOT_FOUND");
  });

  test("module operations: replace, get, delete, then 404 while unset", async () => {
    const { tcpEdges, tunnelGroupBackends, weightedBackends } = emu.client;
    const tg = await tunnelGroupBackends.create({});
    const wd = await weightedBackends.create({ backends: { [tg.id]: 1 } });
    const edge = await tcpEdges.create({ hostports: [nextHostport()] });
    expect([edge.backend, edge.ipRestriction]).toEqual([null, null]);
    await expectApiError(tcpEdges.getModule(edge.id, "backend"), NotFoundError, "NOT_FOUND");

    const backend = await tcpEdges.replaceModule(edge.id, "backend", { backendId: wd.id, enabled: false });
    expect(backend).toEqual({ enabled: false, backend: { id: wd.id, uri: wd.uri } });
    await expect(tcpEdges.getModule(edge.id, "backend")).resolves.toEqual(backend);
    expect((await tcpEdges.get(edge.id)).backend).toEqual(backend);

    await tcpEdges.deleteModule(edge.id, "backend");
    expect((await tcpEdges.get(edge.id)).backend).toBeNull();
    await expectApiError(tcpEdges.getModule(edge.id, "backend"), NotFoundError, "NOT_FOUND");
    await expectApiError(tcpEdges.deleteModule(edge.id, "backend"), NotFoundError, "NOT_FOUND");
  });

  test("a backend used by an edge cannot be deleted → ConflictError CONFLICT naming the edge", async () => {
    const tg = await emu.client.tunnelGroupBackends.create({});
    const edge = await emu.client.tcpEdges.create({ hostports: [nextHostport()], backend: { backendId: tg.id } });
    const err = await expectApiError(emu.client.tunnelGroupBackends.delete(tg.id), ConflictError, "CONFLICT");
    expect(err.details.inUseBy).toBe(edge.id);
  });

  test("a hostport serves one edge at a time, across edge kinds → ConflictError on hostports[i]", async () => {
    const hostport = nextHostport();
    const holder = await emu.client.tcpEdges.create({ hostports: [hostport] });
    const err = await expectApiError(
      emu.client.tlsEdges.create({ hostports: ["other.example.test:1", hostport] }),
      ConflictError,
      "CONFLICT",
      "hostports[1]",
    );
    expect(err.details.inUseBy).toBe(holder.id);
    await emu.client.tcpEdges.update(holder.id, { hostports: [nextHostport()] });
    await expect(emu.client.tlsEdges.create({ hostports: [hostport] })).resolves.toMatchObject({ hostports: [hostport] });
  });

  describe("the service's own checks", () => {
    test("a backend that does not exist → BadRequestError INVALID_FIELD on backend.backendId", async () => {
      const missing = "bkdtg_00000000000000000000000000";
      await expectApiError(
        emu.client.tcpEdges.create({ hostports: [nextHostport()], backend: { backendId: missing } }),
        BadRequestError,
        "INVALID_FIELD",
        "backend.backendId",
      );
    });

    test("in a PUT the field is named inside the module", async () => {
      const edge = await emu.client.tcpEdges.create({ hostports: [nextHostport()] });
      await expectApiError(
        emu.client.tcpEdges.replaceModule(edge.id, "ipRestriction", { ipPolicyIds: ["ipp_00000000000000000000000000"] }),
        BadRequestError,
        "INVALID_FIELD",
        "ipPolicyIds[0]",
      );
    });

    test("null for a module → BadRequestError INVALID_FIELD; a bad hostport → INVALID_FIELD", async () => {
      await expectApiError(
        emu.client.post("/edges/tcp", { body: { hostports: [nextHostport()], backend: null } }),
        BadRequestError,
        "INVALID_FIELD",
        "backend",
      );
      await expectApiError(
        emu.client.post("/edges/tcp", { body: { hostports: ["Upper.test:1"] } }),
        BadRequestError,
        "INVALID_FIELD",
        "hostports[0]",
      );
    });
  });
});
