/** IP policies against the emulator. */
import { AuthenticationError, BadRequestError, NotFoundError } from "../../../sdk";
import { useEmulator } from "../../support/emulator";
import { expectApiError, expectInvalid } from "../expect";

const emu = useEmulator();

test("create, get, update, list, delete", async () => {
  const { ipPolicies } = emu.client;
  const created = await ipPolicies.create({ description: "office", metadata: '{"team":"net"}' });
  expect(created).toEqual({
    id: expect.stringMatching(/^ipp_/),
    uri: expect.stringContaining(created.id),
    createdAt: expect.any(String),
    description: "office",
    metadata: '{"team":"net"}',
  });
  await expect(ipPolicies.get(created.id)).resolves.toEqual(created);

  const updated = await ipPolicies.update(created.id, { description: "office v2" });
  expect(updated).toEqual({ ...created, description: "office v2" }); // metadata untouched
  await expect(ipPolicies.get(created.id)).resolves.toEqual(updated);

  const listed = await ipPolicies.list().toArray();
  expect(listed).toContainEqual(updated);

  await expect(ipPolicies.delete(created.id)).resolves.toBeUndefined();
  await expectApiError(ipPolicies.get(created.id), NotFoundError, "NOT_FOUND");
  await expectApiError(ipPolicies.delete(created.id), NotFoundError, "NOT_FOUND");
  await expectApiError(ipPolicies.update(created.id, {}), NotFoundError, "NOT_FOUND");
});

test("defaults: no description or metadata reads back as empty strings", async () => {
  const created = await emu.client.ipPolicies.create({});
  expect([created.description, created.metadata]).toEqual(["", ""]);
});

test("a wrong token → AuthenticationError UNAUTHORIZED", async () => {
  const stranger = emu.clientWith("not-a-real-token");
  await expectApiError(stranger.ipPolicies.list().toArray(), AuthenticationError, "UNAUTHORIZED");
  await expectApiError(stranger.ipPolicies.create({}), AuthenticationError, "UNAUTHORIZED");
});

describe("client-side validation", () => {
  test.each([
    ["256-byte description", { description: "x".repeat(256) }, "description", "must be at most 255 bytes (UTF-8), got 256 bytes"],
    ["128 two-byte characters", { description: "ü".repeat(128) }, "description", "must be at most 255 bytes (UTF-8), got 256 bytes"],
    ["4097-byte metadata", { metadata: "x".repeat(4097) }, "metadata", "must be at most 4096 bytes (UTF-8), got 4097 bytes"],
    ["numeric description", { description: 5 }, "description", "must be a string"],
    ["unknown field", { rules: [] }, "rules", "is not a known field"],
    ["wire-cased field", { created_at: "x" }, "created_at", "is not a known field"],
  ])("create with %s", async (_label, params, field, rule) => {
    await expectInvalid(emu.client.ipPolicies.create(params as never), field, rule);
  });

  test("update checks the same rules", async () => {
    const { id } = await emu.client.ipPolicies.create({});
    await expectInvalid(
      emu.client.ipPolicies.update(id, { metadata: "€".repeat(1366) }),
      "metadata",
      "must be at most 4096 bytes (UTF-8), got 4098 bytes",
    );
    await expectInvalid(emu.client.ipPolicies.update(id, { id: "ipp_x" } as never), "id", "is not a known field");
  });
});

describe("the service's own checks (client validation bypassed)", () => {
  test("too long description → BadRequestError INVALID_FIELD", async () => {
    await expectApiError(
      emu.client.post("/ip_policies", { body: { description: "x".repeat(256) } }),
      BadRequestError,
      "INVALID_FIELD",
      "description",
    );
  });

  test("unknown field → BadRequestError UNKNOWN_FIELD", async () => {
    await expectApiError(emu.client.post("/ip_policies", { body: { rules: [] } }), BadRequestError, "UNKNOWN_FIELD", "rules");
  });

  test("metadata of the wrong type on update → BadRequestError INVALID_FIELD", async () => {
    const { id } = await emu.client.ipPolicies.create({});
    await expectApiError(emu.client.patch(`/ip_policies/${id}`, { body: { metadata: 1 } }), BadRequestError, "INVALID_FIELD", "metadata");
  });
});
