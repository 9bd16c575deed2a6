import { useEmulator } from "../../support/emulator";
import { expectError } from "../support";

const emu = useEmulator();
const { api } = emu;

describe("IP policies", () => {
  test("create returns 201 with §2.7 fields", async () => {
    const created = await api.post("/ip_policies", { description: "office", metadata: "m" });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body)).toEqual(["id", "uri", "created_at", "description", "metadata"]);
    expect(created.body).toMatchObject({ description: "office", metadata: "m" });
  });

  test("an empty POST body creates a policy with defaults", async () => {
    const reply = await api.call("POST", "/ip_policies");
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ description: "", metadata: "" });
  });

  test("a referenced policy can be deleted; restrictions keep the Ref", async () => {
    const policy = (await api.post("/ip_policies", {})).body;
    const restriction = (await api.post("/ip_restrictions", { type: "api", ip_policy_ids: [policy.id] })).body;
    expect((await api.del(`/ip_policies/${policy.id}`)).status).toBe(204);
    const after = await api.get(`/ip_restrictions/${restriction.id}`);
    expect(after.status).toBe(200);
    expect(after.body.ip_policies).toEqual([{ id: policy.id, uri: `${emu.url}/ip_policies/${policy.id}` }]);
    expect(after.body).toEqual(restriction);
  });

  describe("validation leaves state unchanged", () => {
    const cases: Array<[string, unknown, string, string]> = [
      ["description over 255 bytes", { description: "x".repeat(256) }, "INVALID_FIELD", "description"],
      ["metadata over 4096 bytes", { metadata: "ü".repeat(2049) }, "INVALID_FIELD", "metadata"],
      ["description as a number", { description: 1 }, "INVALID_FIELD", "description"],
      ["metadata null", { metadata: null }, "INVALID_FIELD", "metadata"],
    ];
    test.each(cases)("create: %s", async (_name, body, code, field) => {
      expectError(await api.unchanged(() => api.post("/ip_policies", body)), 400, code, field);
    });
    test("create: id in the body is UNKNOWN_FIELD", async () => {
      expectError(await api.unchanged(() => api.post("/ip_policies", { id: "ipp_x" })), 400, "UNKNOWN_FIELD", "id");
    });
    test.each(cases)("update: %s", async (_name, body, code, field) => {
      const { id } = (await api.post("/ip_policies", { description: "target" })).body;
      expectError(await api.unchanged(() => api.patch(`/ip_policies/${id}`, body)), 400, code, field);
    });
  });
});
