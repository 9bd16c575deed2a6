/** IP restrictions against the emulator: policy references, the fixed type, enforcement. */
import { BadRequestError, AuthenticationError, NotFoundError } from "../../../sdk";
import { useEmulator } from "../../support/emulator";
import { expectApiError, expectInvalid } from "../expect";

const emu = useEmulator();

async function policyIds(n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push((await emu.client.ipPolicies.create({ description: `for restriction ${i}` })).id);
  return ids;
}

test("create, get, update, list, delete", async () => {
  const { ipRestrictions } = emu.client;
  const [p1, p2] = await policyIds(2);
  const created = await ipRestrictions.create({ type: "dashboard", ipPolicyIds: [p1], description: "staff" });
  expect(created).toEqual({
    id: expect.stringMatching(/^ipx_/),
    uri: expect.stringContaining(created.id),
    createdAt: expect.any(String),
    description: "staff",
    metadata: "",
    enforced: false, // omitted → only warns
    type: "dashboard",
    ipPolicies: [{ id: p1, uri: expect.stringContaining(p1) }],
  });
  await expect(ipRestrictions.get(created.id)).resolves.toEqual(created);

  const updated = await ipRestrictions.update(created.id, { enforced: true, ipPolicyIds: [p2, p1] });
  expect(updated).toEqual({
    ...created,
    enforced: true,
    ipPolicies: [expect.objectContaining({ id: p2 }), expect.objectContaining({ id: p1 })],
  });

  expect(await ipRestrictions.list().toArray()).toContainEqual(updated);

  await ipRestrictions.delete(created.id);
  await expectApiError(ipRestrictions.get(created.id), NotFoundError, "NOT_FOUND");
});

test("enforced can be set at creation", async () => {
  const [p] = await policyIds(1);
  const created = await emu.client.ipRestrictions.create({ type: "api", ipPolicyIds: [p], enforced: true });
  expect(created.enforced).toBe(true);
});

test("a wrong token → AuthenticationError UNAUTHORIZED", async () => {
  await expectApiError(emu.clientWith("nope").ipRestrictions.get("ipx_0"), AuthenticationError, "UNAUTHORIZED");
});

describe("client-side validation", () => {
  test.each([
    ["no type", { ipPolicyIds: ["ipp_1"] }, "type", "is required"],
    ["unknown type", { type: "ssh", ipPolicyIds: ["ipp_1"] }, "type", "must be one of dashboard, api, agent, endpoints"],
    ["no policies", { type: "api" }, "ipPolicyIds", "is required"],
    ["empty policy list", { type: "api", ipPolicyIds: [] }, "ipPolicyIds", "must have at least 1 item"],
    ["an id of another kind", { type: "api", ipPolicyIds: ["ipp_1", "ipx_1"] }, "ipPolicyIds[1]", 'must be an id starting with "ipp_"'],
    ["a non-boolean enforced", { type: "api", ipPolicyIds: ["ipp_1"], enforced: "yes" }, "enforced", "must be a boolean"],
    [
      "a 256-byte description",
      { type: "api", ipPolicyIds: ["ipp_1"], description: "d".repeat(256) },
      "description",
      "must be at most 255 bytes (UTF-8), got 256 bytes",
    ],
    [
      "a 4097-byte metadata",
      { type: "api", ipPolicyIds: ["ipp_1"], metadata: "m".repeat(4097) },
      "metadata",
      "must be at most 4096 bytes (UTF-8), got 4097 bytes",
    ],
    ["wire-cased policy ids", { type: "api", ipPolicyIds: ["ipp_1"], ip_policy_ids: [] }, "ip_policy_ids", "is not a known field"],
  ])("create with %s", async (_label, params, field, rule) => {
    await expectInvalid(emu.client.ipRestrictions.create(params as never), field, rule);
  });

  test("update: the type is fixed and the policy list may not be emptied", async () => {
    const [p] = await policyIds(1);
    const { id } = await emu.client.ipRestrictions.create({ type: "agent", ipPolicyIds: [p] });
    await expectInvalid(emu.client.ipRestrictions.update(id, { type: "api" } as never), "type", "cannot be changed after creation");
    await expectInvalid(emu.client.ipRestrictions.update(id, { ipPolicyIds: [] }), "ipPolicyIds", "must have at least 1 item");
  });
});

describe("the service's own checks (client validation bypassed)", () => {
  test("a policy id that does not exist → BadRequestError INVALID_FIELD on ipPolicyIds[0]", async () => {
    // Well-formed, so it passes client validation: only the service knows it does not exist.
    const missing = "ipp_00000000000000000000000000";
    await expectApiError(
      emu.client.ipRestrictions.create({ type: "api", ipPolicyIds: [missing] }),
      BadRequestError,
      "INVALID_FIELD",
      "ipPolicyIds[0]",
    );
  });

  test("missing type → BadRequestError MISSING_FIELD", async () => {
    const [p] = await policyIds(1);
    await expectApiError(emu.client.post("/ip_restrictions", { body: { ipPolicyIds: [p] } }), BadRequestError, "MISSING_FIELD", "type");
  });

  test("unknown type → BadRequestError INVALID_FIELD", async () => {
    const [p] = await policyIds(1);
    await expectApiError(
      emu.client.post("/ip_restrictions", { body: { type: "ssh", ipPolicyIds: [p] } }),
      BadRequestError,
      "INVALID_FIELD",
      "type",
    );
  });

  test("type on update → BadRequestError IMMUTABLE_FIELD", async () => {
    const [p] = await policyIds(1);
    const { id } = await emu.client.ipRestrictions.create({ type: "agent", ipPolicyIds: [p] });
    await expectApiError(emu.client.patch(`/ip_restrictions/${id}`, { body: { type: "api" } }), BadRequestError, "IMMUTABLE_FIELD", "type");
  });
});
