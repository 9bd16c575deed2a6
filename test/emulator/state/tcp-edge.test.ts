import { useEmulator } from "../../support/emulator";
import { expectError } from "../support";

const emu = useEmulator();
const { api } = emu;

let tg: string;
let wd: string;
let fo: string;
let p1: string;
let p2: string;

let port = 20000;
/** A hostport no other edge holds. */
const hp = () => `tcp.example.com:${port++}`;
const backendRef = (kind: string, id: string) => ({ id, uri: `${emu.url}/backends/${kind}/${id}` });
const policyRef = (id: string) => ({ id, uri: `${emu.url}/ip_policies/${id}` });

beforeAll(async () => {
  tg = (await api.post("/backends/tunnel_group", {})).body.id;
  wd = (await api.post("/backends/weighted", { backends: { [tg]: 1 } })).body.id;
  fo = (await api.post("/backends/failover", { backends: [tg] })).body.id;
  p1 = (await api.post("/ip_policies", {})).body.id;
  p2 = (await api.post("/ip_policies", {})).body.id;
});

describe("TCP edges", () => {
  test("create returns 201 with §2.4 fields; unset modules and policies are null", async () => {
    const hostport = hp();
    const reply = await api.post("/edges/tcp", { description: "d", metadata: "m", hostports: [hostport] });
    expect(reply.status).toBe(201);
    const e = reply.body;
    expect(Object.keys(e)).toEqual([
      "id",
      "description",
      "metadata",
      "created_at",
      "uri",
      "hostports",
      "backend",
      "ip_restriction",
      "policies",
    ]);
    expect(e).toMatchObject({
      description: "d",
      metadata: "m",
      hostports: [hostport],
      backend: null,
      ip_restriction: null,
      policies: null,
    });
  });

  test("create with both modules; enabled defaults to true", async () => {
    const e = (
      await api.post("/edges/tcp", {
        hostports: [hp(), hp()],
        backend: { backend_id: tg },
        ip_restriction: { enabled: false, ip_policy_ids: [p2, p1] },
      })
    ).body;
    expect(e.backend).toEqual({ enabled: true, backend: backendRef("tunnel_group", tg) });
    expect(e.ip_restriction).toEqual({ enabled: false, ip_policies: [policyRef(p2), policyRef(p1)] });
  });

  describe("modules", () => {
    test("the backend module takes any backend kind", async () => {
      for (const [kind, id] of [
        ["tunnel_group", tg],
        ["weighted", wd],
        ["failover", fo],
      ]) {
        const e = (await api.post("/edges/tcp", { hostports: [hp()], backend: { backend_id: id } })).body;
        expect(e.backend.backend).toEqual(backendRef(kind, id));
      }
    });

    test("a deleted IP policy stays referenced; naming it again is refused", async () => {
      const gone = (await api.post("/ip_policies", {})).body.id;
      const e = (await api.post("/edges/tcp", { hostports: [hp()], ip_restriction: { ip_policy_ids: [gone] } })).body;
      expect((await api.del(`/ip_policies/${gone}`)).status).toBe(204);
      expect((await api.patch(`/edges/tcp/${e.id}`, { metadata: "x" })).body.ip_restriction.ip_policies).toEqual([policyRef(gone)]);
      expectError(
        await api.unchanged(() => api.put(`/edges/tcp/${e.id}/ip_restriction`, { ip_policy_ids: [gone] })),
        400,
        "INVALID_FIELD",
        "ip_policy_ids[0]",
      );
    });

    test("a module of another edge kind is no route here", async () => {
      const e = (await api.post("/edges/tcp", { hostports: [hp()] })).body;
      expectError(await api.get(`/edges/tcp/${e.id}/mutual_tls`), 404, "ROUTE_NOT_FOUND");
      expectError(await api.unchanged(() => api.patch(`/edges/tcp/${e.id}`, { mutual_tls: {} })), 400, "UNKNOWN_FIELD", "mutual_tls");
    });
  });

  test("a backend in use by an edge cannot be deleted (409) until the module is deleted", async () => {
    const b = (await api.post("/backends/tunnel_group", {})).body.id;
    const e = (await api.post("/edges/tcp", { hostports: [hp()], backend: { backend_id: b } })).body;
    const reply = await api.unchanged(() => api.del(`/backends/tunnel_group/${b}`));
    expectError(reply, 409, "CONFLICT");
    expect(reply.body.details.in_use_by).toBe(e.id);
    expect((await api.del(`/edges/tcp/${e.id}/backend`)).status).toBe(204);
    expect((await api.del(`/backends/tunnel_group/${b}`)).status).toBe(204);
  });

  test("deleting the edge releases its backend", async () => {
    const b = (await api.post("/backends/weighted", { backends: { [tg]: 1 } })).body.id;
    const e = (await api.post("/edges/tcp", { hostports: [hp()], backend: { backend_id: b } })).body;
    expect((await api.del(`/edges/tcp/${e.id}`)).status).toBe(204);
    expect((await api.del(`/backends/weighted/${b}`)).status).toBe(204);
  });

  describe("validation leaves state unchanged", () => {
    const missingBackend = "bkdtg_00000000000000000000000000";
    const missingPolicy = "ipp_00000000000000000000000000";
    const cases: Array<[string, () => Record<string, unknown>, string, string]> = [
      ["hostports missing", () => ({}), "MISSING_FIELD", "hostports"],
      ["hostports empty", () => ({ hostports: [] }), "INVALID_FIELD", "hostports"],
      [
        "a hostport repeated",
        () => ({ hostports: ["a.example.com:1", "b.example.com:1", "a.example.com:1"] }),
        "INVALID_FIELD",
        "hostports[2]",
      ],
      ["a hostport without port", () => ({ hostports: ["a.example.com"] }), "INVALID_FIELD", "hostports[0]"],
      ["port 0", () => ({ hostports: ["a.example.com:0"] }), "INVALID_FIELD", "hostports[0]"],
      ["port 65536", () => ({ hostports: ["a.example.com:65536"] }), "INVALID_FIELD", "hostports[0]"],
      ["an upper-case host", () => ({ hostports: ["A.example.com:1"] }), "INVALID_FIELD", "hostports[0]"],
      ["a host with a space", () => ({ hostports: ["a b.com:1"] }), "INVALID_FIELD", "hostports[0]"],
      ["a wildcard not leading", () => ({ hostports: ["a.*.com:1"] }), "INVALID_FIELD", "hostports[0]"],
      ["a label ending in a hyphen", () => ({ hostports: ["a-.com:1"] }), "INVALID_FIELD", "hostports[0]"],
      ["a hostport not a string", () => ({ hostports: [443] }), "INVALID_FIELD", "hostports[0]"],
      ["backend null", () => ({ hostports: [hp()], backend: null }), "INVALID_FIELD", "backend"],
      ["backend not an object", () => ({ hostports: [hp()], backend: tg }), "INVALID_FIELD", "backend"],
      ["backend_id missing", () => ({ hostports: [hp()], backend: { enabled: true } }), "MISSING_FIELD", "backend.backend_id"],
      [
        "backend that does not exist",
        () => ({ hostports: [hp()], backend: { backend_id: missingBackend } }),
        "INVALID_FIELD",
        "backend.backend_id",
      ],
      ["backend id of another kind", () => ({ hostports: [hp()], backend: { backend_id: p1 } }), "INVALID_FIELD", "backend.backend_id"],
      [
        "backend enabled not a boolean",
        () => ({ hostports: [hp()], backend: { enabled: 1, backend_id: tg } }),
        "INVALID_FIELD",
        "backend.enabled",
      ],
      ["backend response shape", () => ({ hostports: [hp()], backend: { backend: { id: tg } } }), "UNKNOWN_FIELD", "backend.backend"],
      ["ip_policy_ids missing", () => ({ hostports: [hp()], ip_restriction: {} }), "MISSING_FIELD", "ip_restriction.ip_policy_ids"],
      [
        "ip_policy_ids empty",
        () => ({ hostports: [hp()], ip_restriction: { ip_policy_ids: [] } }),
        "INVALID_FIELD",
        "ip_restriction.ip_policy_ids",
      ],
      [
        "a policy that does not exist",
        () => ({ hostports: [hp()], ip_restriction: { ip_policy_ids: [p1, missingPolicy] } }),
        "INVALID_FIELD",
        "ip_restriction.ip_policy_ids[1]",
      ],
      [
        "a repeated policy",
        () => ({ hostports: [hp()], ip_restriction: { ip_policy_ids: [p1, p1] } }),
        "INVALID_FIELD",
        "ip_restriction.ip_policy_ids[1]",
      ],
      ["policies (read-only)", () => ({ hostports: [hp()], policies: null }), "UNKNOWN_FIELD", "policies"],
      ["description too long", () => ({ hostports: [hp()], description: "x".repeat(256) }), "INVALID_FIELD", "description"],
    ];
    test.each(cases)("create: %s", async (_name, body, code, field) => {
      expectError(await api.unchanged(() => api.post("/edges/tcp", body())), 400, code, field);
    });

    test.each(cases.filter(([name]) => name !== "hostports missing"))("update: %s", async (_name, body, code, field) => {
      const e = (await api.post("/edges/tcp", { hostports: [hp()], backend: { backend_id: tg } })).body;
      const { hostports, ...rest } = body();
      const patch = field.startsWith("hostports") ? { hostports } : rest;
      expectError(await api.unchanged(() => api.patch(`/edges/tcp/${e.id}`, patch)), 400, code, field);
    });

    test("the missing-backend message names the field and the id", async () => {
      const reply = await api.post("/edges/tcp", { hostports: [hp()], backend: { backend_id: missingBackend } });
      expect(reply.body.msg).toBe(
        `backend.backend_id: must be the id of an existing backend (bkdtg_, bkdwd_ or bkdfo_), got "${missingBackend}"`,
      );
    });

    test("PUT: errors name the field inside the module body", async () => {
      const e = (await api.post("/edges/tcp", { hostports: [hp()], backend: { backend_id: tg } })).body;
      const put = (name: string, body: unknown) => api.unchanged(() => api.put(`/edges/tcp/${e.id}/${name}`, body));
      expectError(await put("backend", {}), 400, "MISSING_FIELD", "backend_id");
      expectError(await put("backend", { backend_id: missingBackend }), 400, "INVALID_FIELD", "backend_id");
      expectError(await put("ip_restriction", { ip_policy_ids: [missingPolicy] }), 400, "INVALID_FIELD", "ip_policy_ids[0]");
      expectError(
        await api.call("PUT", `/edges/tcp/${e.id}/backend`, { raw: "null", headers: { "content-type": "application/json" } }),
        400,
        "MALFORMED_JSON",
      );
    });
  });
});
