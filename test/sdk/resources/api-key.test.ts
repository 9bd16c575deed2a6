/** API keys against the emulator: the one-time token, ownership and authentication. */
import { AuthenticationError, BadRequestError, NotFoundError, PermissionDeniedError } from "../../../sdk";
import { useEmulator } from "../../support/emulator";
import { expectApiError, expectInvalid } from "../expect";

const emu = useEmulator();

test("create, get, update, list, delete; the token is returned by create only", async () => {
  const { apiKeys } = emu.client;
  const created = await apiKeys.create({ description: "ci", metadata: "m" });
  expect(created).toEqual({
    id: expect.stringMatching(/^ak_/),
    uri: expect.stringContaining(created.id),
    description: "ci",
    metadata: "m",
    createdAt: expect.any(String),
    token: expect.any(String),
    ownerId: expect.stringMatching(/^usr_/),
  });
  const read = await apiKeys.get(created.id);
  expect(read).toEqual({ ...created, token: null });

  const updated = await apiKeys.update(created.id, { metadata: "m2" });
  expect(updated).toEqual({ ...read, metadata: "m2" });

  const listed = await apiKeys.list().toArray();
  expect(listed).toContainEqual(updated);
  expect(listed.every((k) => k.token === null)).toBe(true);

  await apiKeys.delete(created.id);
  await expectApiError(apiKeys.get(created.id), NotFoundError, "NOT_FOUND");
});

test("a created token authenticates until its key is deleted", async () => {
  const { id, token, ownerId } = await emu.client.apiKeys.create({ description: "temporary" });
  const holder = emu.clientWith(token ?? "");
  const own = await holder.apiKeys.create({});
  expect(own.ownerId).toBe(ownerId);

  await emu.client.apiKeys.delete(id);
  await expectApiError(holder.apiKeys.get(own.id), AuthenticationError, "UNAUTHORIZED");
});

test("a wrong token → AuthenticationError UNAUTHORIZED, and the token is not in the message", async () => {
  const stranger = emu.clientWith("wrong-token-abcdef");
  const err = await expectApiError(stranger.apiKeys.list().toArray(), AuthenticationError, "UNAUTHORIZED");
  expect(err.status).toBe(401);
  expect(err.message).not.toContain("wrong-token-abcdef");
});

test("a non-admin naming another owner → PermissionDeniedError FORBIDDEN", async () => {
  const { token } = await emu.client.apiKeys.create({});
  const holder = emu.clientWith(token ?? "");
  await expectApiError(holder.apiKeys.create({ ownerId: "usr_someoneelse1" }), PermissionDeniedError, "FORBIDDEN", "ownerId");
});

describe("client-side validation", () => {
  test.each([
    ["256-byte description", { description: "d".repeat(256) }, "description", "must be at most 255 bytes (UTF-8), got 256 bytes"],
    ["4097-byte metadata", { metadata: "m".repeat(4097) }, "metadata", "must be at most 4096 bytes (UTF-8), got 4097 bytes"],
    ["malformed owner", { ownerId: "alice" }, "ownerId", "must be an id: a lowercase prefix, an underscore, then an opaque suffix"],
    ["token as input", { token: "t" }, "token", "is not a known field"],
  ])("create with %s", async (_label, params, field, rule) => {
    await expectInvalid(emu.client.apiKeys.create(params as never), field, rule);
  });

  test("the owner cannot change after creation", async () => {
    const { id, ownerId } = await emu.client.apiKeys.create({});
    await expectInvalid(emu.client.apiKeys.update(id, { ownerId } as never), "ownerId", "cannot be changed after creation");
  });
});

describe("the service's own checks (client validation bypassed)", () => {
  test("malformed owner_id → BadRequestError INVALID_FIELD on ownerId", async () => {
    await expectApiError(emu.client.post("/api_keys", { body: { ownerId: "alice" } }), BadRequestError, "INVALID_FIELD", "ownerId");
  });

  test("owner_id on update → BadRequestError IMMUTABLE_FIELD", async () => {
    const { id, ownerId } = await emu.client.apiKeys.create({});
    await expectApiError(emu.client.patch(`/api_keys/${id}`, { body: { ownerId } }), BadRequestError, "IMMUTABLE_FIELD", "ownerId");
  });

  test("too long metadata → BadRequestError INVALID_FIELD", async () => {
    await expectApiError(
      emu.client.post("/api_keys", { body: { metadata: "m".repeat(4097) } }),
      BadRequestError,
      "INVALID_FIELD",
      "metadata",
    );
  });
});
