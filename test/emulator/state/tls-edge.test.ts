import { expectError, sendOddValues } from "../support";
import { useEmulator } from "../../support/emulator";
import { caPem } from "../../support/pki";

const emu = useEmulator();
const { api } = emu;

let tg: string;
let p1: string;
let ca1: string;

let port = 30000;
const hp = () => `tls.example.com:${port++}`;

beforeAll(async () => {
  tg = (await api.post("/backends/tunnel_group", {})).body.id;
  p1 = (await api.post("/ip_policies", {})).body.id;
  ca1 = (await api.post("/certificate_authorities", { ca_pem: caPem() })).body.id;
});

const newEdge = async (extra: Record<string, unknown> = {}) => {
  const reply = await api.post("/edges/tls", { hostports: [hp()], ...extra });
  expect(reply.status).toBe(201);
  return reply.body;
};

describe("TLS edges", () => {
  test("create returns 201 with §2.5 fields; unset modules and policies are null", async () => {
    const hostport = hp();
    const reply = await api.post("/edges/tls", { metadata: "m", hostports: [hostport] });
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
      "mutual_tls",
      "tls_termination",
      "policies",
    ]);
    expect(e).toMatchObject({
      description: "",
      metadata: "m",
      hostports: [hostport],
      backend: null,
      ip_restriction: null,
      mutual_tls: null,
      tls_termination: null,
      policies: null,
    });
  });

  test("no odd value in any field is a 5xx, through create, PATCH or a module PUT", async () => {
    const modules: Record<string, Record<string, unknown>> = {
      backend: { enabled: true, backend_id: tg },
      ip_restriction: { enabled: true, ip_policy_ids: [p1] },
      mutual_tls: { enabled: true, certificate_authority_ids: [ca1] },
      tls_termination: { enabled: true, terminate_at: "edge", min_version: "1.2" },
    };
    const e = await newEdge();
    let sent = await sendOddValues({ description: "", metadata: "", hostports: [hp()], ...modules }, (body) =>
      api.post("/edges/tls", body),
    );
    for (const [name, valid] of Object.entries(modules)) {
      sent += await sendOddValues(valid, (body) => api.put(`/edges/tls/${e.id}/${name}`, body));
      sent += await sendOddValues({ [name]: valid }, (body) => api.patch(`/edges/tls/${e.id}`, body));
    }
    expect(sent).toBeGreaterThan(300);
  });

  describe("tls_termination rules", () => {
    test.each([
      [{}, { enabled: true, terminate_at: "edge", min_version: "1.2" }],
      [
        { terminate_at: "edge", min_version: null },
        { enabled: true, terminate_at: "edge", min_version: "1.2" },
      ],
      [{ min_version: "1.0" }, { enabled: true, terminate_at: "edge", min_version: "1.0" }],
      [{ min_version: "1.1" }, { enabled: true, terminate_at: "edge", min_version: "1.1" }],
      [{ terminate_at: "upstream" }, { enabled: true, terminate_at: "upstream", min_version: null }],
      [
        { terminate_at: "upstream", min_version: null },
        { enabled: true, terminate_at: "upstream", min_version: null },
      ],
    ])("%j is stored as %j", async (request, response) => {
      expect((await newEdge({ tls_termination: request })).tls_termination).toEqual(response);
    });

    const cases: Array<[string, () => Record<string, unknown>, string]> = [
      [
        "min_version with upstream",
        () => ({ tls_termination: { terminate_at: "upstream", min_version: "1.2" } }),
        "tls_termination.min_version",
      ],
      ["an unknown min_version", () => ({ tls_termination: { min_version: "1.4" } }), "tls_termination.min_version"],
      ["min_version as a number", () => ({ tls_termination: { min_version: 1.2 } }), "tls_termination.min_version"],
      ["an unknown terminate_at", () => ({ tls_termination: { terminate_at: "agent" } }), "tls_termination.terminate_at"],
      [
        "upstream with mutual_tls in the same body",
        () => ({ tls_termination: { terminate_at: "upstream" }, mutual_tls: { certificate_authority_ids: [ca1] } }),
        "tls_termination.terminate_at",
      ],
      [
        "mutual_tls: CA that does not exist",
        () => ({ mutual_tls: { certificate_authority_ids: ["ca_00000000000000000000000000"] } }),
        "mutual_tls.certificate_authority_ids[0]",
      ],
      ["mutual_tls: no CAs", () => ({ mutual_tls: { certificate_authority_ids: [] } }), "mutual_tls.certificate_authority_ids"],
      [
        "mutual_tls: a repeated CA",
        () => ({ mutual_tls: { certificate_authority_ids: [ca1, ca1] } }),
        "mutual_tls.certificate_authority_ids[1]",
      ],
    ];
    test.each(cases)("create: %s", async (_name, body, field) => {
      expectError(await api.unchanged(() => api.post("/edges/tls", { hostports: [hp()], ...body() })), 400, "INVALID_FIELD", field);
    });

    test("upstream refuses mutual_tls through PATCH and PUT, and the other way round", async () => {
      const upstream = await newEdge({
        tls_termination: { terminate_at: "upstream" },
        backend: { backend_id: tg },
        ip_restriction: { ip_policy_ids: [p1] },
      });
      const mtls = { certificate_authority_ids: [ca1] };
      expectError(
        await api.unchanged(() => api.patch(`/edges/tls/${upstream.id}`, { mutual_tls: mtls })),
        400,
        "INVALID_FIELD",
        "mutual_tls",
      );
      expectError(await api.unchanged(() => api.put(`/edges/tls/${upstream.id}/mutual_tls`, mtls)), 400, "INVALID_FIELD", "mutual_tls");

      const withMtls = await newEdge({ mutual_tls: mtls });
      const toUpstream = { terminate_at: "upstream" };
      expectError(
        await api.unchanged(() => api.patch(`/edges/tls/${withMtls.id}`, { tls_termination: toUpstream })),
        400,
        "INVALID_FIELD",
        "tls_termination.terminate_at",
      );
      expectError(
        await api.unchanged(() => api.put(`/edges/tls/${withMtls.id}/tls_termination`, toUpstream)),
        400,
        "INVALID_FIELD",
        "terminate_at",
      );
      expectError(
        await api.unchanged(() => api.put(`/edges/tls/${withMtls.id}/tls_termination`, { terminate_at: "upstream", min_version: "1.3" })),
        400,
        "INVALID_FIELD",
        "min_version",
      );

      // Once TLS ends at the edge again, mutual TLS is allowed; deleting it allows upstream.
      expect((await api.put(`/edges/tls/${upstream.id}/tls_termination`, {})).status).toBe(200);
      expect((await api.put(`/edges/tls/${upstream.id}/mutual_tls`, mtls)).status).toBe(200);
      expect((await api.del(`/edges/tls/${withMtls.id}/mutual_tls`)).status).toBe(204);
      expect((await api.patch(`/edges/tls/${withMtls.id}`, { tls_termination: toUpstream })).body.tls_termination).toEqual({
        enabled: true,
        terminate_at: "upstream",
        min_version: null,
      });
    });

    test("a PATCH that leaves an upstream edge's modules alone still passes", async () => {
      const e = await newEdge({ tls_termination: { terminate_at: "upstream" } });
      expect((await api.patch(`/edges/tls/${e.id}`, { description: "x", backend: { backend_id: tg } })).status).toBe(200);
    });
  });
});
