import { expectError, sendOddValues } from "../support";
import { useEmulator } from "../../support/emulator";
import { caPem } from "../../support/pki";

const emu = useEmulator();
const { api } = emu;

let ca1: string;

let port = 40000;
const hp = () => `https.example.com:${port++}`;

beforeAll(async () => {
  ca1 = (await api.post("/certificate_authorities", { ca_pem: caPem() })).body.id;
});

describe("HTTPS edges", () => {
  test("create returns 201 with §2.6 fields and no routes", async () => {
    const hostport = hp();
    const reply = await api.post("/edges/https", { description: "d", hostports: [hostport] });
    expect(reply.status).toBe(201);
    const e = reply.body;
    expect(Object.keys(e)).toEqual([
      "id",
      "description",
      "metadata",
      "created_at",
      "uri",
      "hostports",
      "mutual_tls",
      "tls_termination",
      "routes",
    ]);
    expect(e).toMatchObject({ description: "d", metadata: "", hostports: [hostport], mutual_tls: null, tls_termination: null, routes: [] });
  });

  test("no odd value in any field is a 5xx", async () => {
    const e = (await api.post("/edges/https", { hostports: [hp()] })).body;
    const valid = {
      hostports: [hp()],
      mutual_tls: { certificate_authority_ids: [ca1] },
      tls_termination: { enabled: true, min_version: "1.3" },
    };
    await sendOddValues(valid, (body) => api.post("/edges/https", body));
    await sendOddValues(valid.tls_termination, (body) => api.put(`/edges/https/${e.id}/tls_termination`, body));
  });

  describe("validation leaves state unchanged", () => {
    const cases: Array<[string, () => Record<string, unknown>, string, string]> = [
      ["hostports missing", () => ({}), "MISSING_FIELD", "hostports"],
      [
        "terminate_at (not in the HTTPS shape)",
        () => ({ hostports: [hp()], tls_termination: { terminate_at: "edge" } }),
        "UNKNOWN_FIELD",
        "tls_termination.terminate_at",
      ],
      [
        "an unknown min_version",
        () => ({ hostports: [hp()], tls_termination: { min_version: "2.0" } }),
        "INVALID_FIELD",
        "tls_termination.min_version",
      ],
      ["tls_termination null", () => ({ hostports: [hp()], tls_termination: null }), "INVALID_FIELD", "tls_termination"],
      [
        "a CA that does not exist",
        () => ({ hostports: [hp()], mutual_tls: { certificate_authority_ids: ["ca_x"] } }),
        "INVALID_FIELD",
        "mutual_tls.certificate_authority_ids[0]",
      ],
      ["routes (not writable here)", () => ({ hostports: [hp()], routes: [] }), "UNKNOWN_FIELD", "routes"],
      ["a TCP-edge module", () => ({ hostports: [hp()], backend: { backend_id: "bkdtg_x" } }), "UNKNOWN_FIELD", "backend"],
    ];
    test.each(cases)("create: %s", async (_name, body, code, field) => {
      expectError(await api.unchanged(() => api.post("/edges/https", body())), 400, code, field);
    });

    test("PUT tls_termination refuses terminate_at", async () => {
      const e = (await api.post("/edges/https", { hostports: [hp()] })).body;
      expectError(
        await api.unchanged(() => api.put(`/edges/https/${e.id}/tls_termination`, { terminate_at: "upstream" })),
        400,
        "UNKNOWN_FIELD",
        "terminate_at",
      );
    });
  });
});
