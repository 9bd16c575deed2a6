import { useEmulator } from "../support/emulator";
import { expectError, ID_SUFFIX, RFC3339_UTC } from "./support";

const emu = useEmulator();
const { api } = emu;

describe("IP policies", () => {
  test("create, get, list, update, delete", async () => {
    const created = await api.post("/ip_policies", { description: "office", metadata: "m" });
    expect(created.status).toBe(201);
    const policy = created.body;
    expect(Object.keys(policy)).toEqual(["id", "uri", "created_at", "description", "metadata"]);
    expect(policy.id).toMatch(new RegExp(`^ipp_${ID_SUFFIX}$`));
    expect(policy.uri).toBe(`${emu.url}/ip_policies/${policy.id}`);
    expect(policy.created_at).toMatch(RFC3339_UTC);
    expect(policy).toMatchObject({ description: "office", metadata: "m" });

    const got = await api.get(`/ip_policies/${policy.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(policy);

    const listed = await api.get("/ip_policies");
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ ip_policies: [policy], uri: `${emu.url}/ip_policies`, next_page_uri: null });

    const updated = await api.patch(`/ip_policies/${policy.id}`, { metadata: "m2" });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ ...policy, metadata: "m2" });

    const deleted = await api.del(`/ip_policies/${policy.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe("");
    expectError(await api.get(`/ip_policies/${policy.id}`), 404, "NOT_FOUND");
    expect((await api.get("/ip_policies")).body.ip_policies).toEqual([]);
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
      ["an unknown field", { rules: [] }, "UNKNOWN_FIELD", "rules"],
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

    test("update and delete of a missing policy are NOT_FOUND", async () => {
      const { id } = (await api.post("/ip_policies", {})).body;
      await api.del(`/ip_policies/${id}`);
      expectError(await api.unchanged(() => api.patch(`/ip_policies/${id}`, { description: "x" })), 404, "NOT_FOUND");
      expectError(await api.unchanged(() => api.del(`/ip_policies/${id}`)), 404, "NOT_FOUND");
    });
  });
});
