import { useEmulator } from "../../support/emulator";
import { expectError } from "../support";

const emu = useEmulator();
const { api } = emu;

let p1: string;
let p2: string;

const newPolicy = async () => (await api.post("/ip_policies", {})).body.id as string;
const ref = (id: string) => ({ id, uri: `${emu.url}/ip_policies/${id}` });

beforeAll(async () => {
  p1 = await newPolicy();
  p2 = await newPolicy();
});

describe("IP restrictions", () => {
  test("create returns 201 with defaults and policy Refs", async () => {
    const reply = await api.post("/ip_restrictions", { type: "dashboard", ip_policy_ids: [p1, p2] });
    expect(reply.status).toBe(201);
    const r = reply.body;
    expect(Object.keys(r)).toEqual(["id", "uri", "created_at", "description", "metadata", "enforced", "type", "ip_policies"]);
    expect(r).toMatchObject({ description: "", metadata: "", enforced: false, type: "dashboard" });
    expect(r.ip_policies).toEqual([ref(p1), ref(p2)]);
  });

  test.each(["dashboard", "api", "agent", "endpoints"])("type %s is accepted", async (type) => {
    const reply = await api.post("/ip_restrictions", { type, enforced: true, ip_policy_ids: [p1] });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ type, enforced: true });
  });

  test("a PATCH of ip_policy_ids replaces the Refs, in the order sent", async () => {
    const created = (await api.post("/ip_restrictions", { type: "api", ip_policy_ids: [p1] })).body;
    const repointed = await api.patch(`/ip_restrictions/${created.id}`, { ip_policy_ids: [p2, p1] });
    expect(repointed.body).toEqual({ ...created, ip_policies: [ref(p2), ref(p1)] });
  });

  test("a deleted policy stays referenced and other fields can still change", async () => {
    const gone = await newPolicy();
    const created = (await api.post("/ip_restrictions", { type: "agent", ip_policy_ids: [gone, p1] })).body;
    await api.del(`/ip_policies/${gone}`);
    const updated = await api.patch(`/ip_restrictions/${created.id}`, { metadata: "still here" });
    expect(updated.status).toBe(200);
    expect(updated.body.ip_policies).toEqual([ref(gone), ref(p1)]);
    // Naming the deleted policy again is refused: it must exist at the time of the request.
    expectError(
      await api.unchanged(() => api.patch(`/ip_restrictions/${created.id}`, { ip_policy_ids: [p1, gone] })),
      400,
      "INVALID_FIELD",
      "ip_policy_ids[1]",
    );
  });

  describe("validation leaves state unchanged", () => {
    const missing = "ipp_00000000000000000000000000";
    const cases: Array<[string, () => unknown, string, string]> = [
      ["type missing", () => ({ ip_policy_ids: [p1] }), "MISSING_FIELD", "type"],
      ["type unknown", () => ({ type: "ssh", ip_policy_ids: [p1] }), "INVALID_FIELD", "type"],
      ["type null", () => ({ type: null, ip_policy_ids: [p1] }), "INVALID_FIELD", "type"],
      ["ip_policy_ids missing", () => ({ type: "api" }), "MISSING_FIELD", "ip_policy_ids"],
      ["ip_policy_ids empty", () => ({ type: "api", ip_policy_ids: [] }), "INVALID_FIELD", "ip_policy_ids"],
      ["ip_policy_ids not a list", () => ({ type: "api", ip_policy_ids: p1 }), "INVALID_FIELD", "ip_policy_ids"],
      ["a policy id not a string", () => ({ type: "api", ip_policy_ids: [p1, 7] }), "INVALID_FIELD", "ip_policy_ids[1]"],
      ["a policy that does not exist", () => ({ type: "api", ip_policy_ids: [p1, missing] }), "INVALID_FIELD", "ip_policy_ids[1]"],
      ["an id of another kind", () => ({ type: "api", ip_policy_ids: ["ak_1"] }), "INVALID_FIELD", "ip_policy_ids[0]"],
      ["a repeated policy", () => ({ type: "api", ip_policy_ids: [p1, p2, p1] }), "INVALID_FIELD", "ip_policy_ids[2]"],
      ["enforced not a boolean", () => ({ type: "api", enforced: "yes", ip_policy_ids: [p1] }), "INVALID_FIELD", "enforced"],
      ["description too long", () => ({ type: "api", description: "x".repeat(256), ip_policy_ids: [p1] }), "INVALID_FIELD", "description"],
      ["response field ip_policies", () => ({ type: "api", ip_policies: [p1], ip_policy_ids: [p1] }), "UNKNOWN_FIELD", "ip_policies"],
    ];
    test.each(cases)("create: %s", async (_name, body, code, field) => {
      expectError(await api.unchanged(() => api.post("/ip_restrictions", body())), 400, code, field);
    });

    test("the missing-policy message names the index and the id", async () => {
      const reply = await api.post("/ip_restrictions", { type: "api", ip_policy_ids: [p1, missing] });
      expect(reply.body.msg).toBe(`ip_policy_ids[1]: must be the id of an existing IP policy, got "${missing}"`);
    });

    const patchCases: Array<[string, () => unknown, string, string]> = [
      ["type (not updatable)", () => ({ type: "api" }), "IMMUTABLE_FIELD", "type"],
      ["type even if unchanged", () => ({ type: "endpoints" }), "IMMUTABLE_FIELD", "type"],
      ["ip_policy_ids empty", () => ({ ip_policy_ids: [] }), "INVALID_FIELD", "ip_policy_ids"],
      ["ip_policy_ids null", () => ({ ip_policy_ids: null }), "INVALID_FIELD", "ip_policy_ids"],
      ["a policy that does not exist", () => ({ ip_policy_ids: [missing] }), "INVALID_FIELD", "ip_policy_ids[0]"],
      ["enforced null", () => ({ enforced: null }), "INVALID_FIELD", "enforced"],
    ];
    test.each(patchCases)("update: %s", async (_name, body, code, field) => {
      const { id } = (await api.post("/ip_restrictions", { type: "endpoints", ip_policy_ids: [p1] })).body;
      expectError(await api.unchanged(() => api.patch(`/ip_restrictions/${id}`, body())), 400, code, field);
    });
  });
});
