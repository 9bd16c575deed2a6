import { useEmulator } from "../../support/emulator";
import { expectError, ID_SUFFIX } from "../support";

const emu = useEmulator();
const { api } = emu;

let adminId: string;

beforeAll(async () => {
  adminId = (await api.post("/api_keys", {})).body.owner_id;
});

describe("API keys", () => {
  test("create returns 201 with every field and the token once", async () => {
    const reply = await api.post("/api_keys", { description: "ci runner", metadata: '{"team":"a"}' });
    expect(reply.status).toBe(201);
    const key = reply.body;
    expect(Object.keys(key)).toEqual(["id", "uri", "description", "metadata", "created_at", "token", "owner_id"]);
    expect(key).toMatchObject({ description: "ci runner", metadata: '{"team":"a"}' });
    expect(Math.abs(Date.parse(key.created_at) - Date.now())).toBeLessThan(60_000);
    expect(typeof key.token).toBe("string");
    expect(key.token.length).toBeGreaterThanOrEqual(32);
    expect(key.owner_id).toMatch(new RegExp(`^usr_${ID_SUFFIX}$`));
    expect(key.owner_id).toBe(adminId);
  });

  test("an empty body creates a key with empty description and metadata", async () => {
    const reply = await api.call("POST", "/api_keys");
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ description: "", metadata: "", owner_id: adminId });
  });

  test("the root token may name the account's bot, or the admin user itself", async () => {
    expect(emu.emulator.botId).toMatch(new RegExp(`^bot_${ID_SUFFIX}$`));
    const bot = await api.post("/api_keys", { owner_id: emu.emulator.botId });
    expect(bot.status).toBe(201);
    expect(bot.body.owner_id).toBe(emu.emulator.botId);
    const user = await api.post("/api_keys", { owner_id: adminId });
    expect(user.body.owner_id).toBe(adminId);
  });

  test("an owner that names no user or bot of the account is INVALID_FIELD on owner_id, and nothing is created", async () => {
    const bot = emu.emulator.botId;
    // A well-formed bot id one character off the account's (never the bot itself).
    const nearBot = `${bot.slice(0, -1)}${bot.endsWith("0") ? "1" : "0"}`;
    for (const owner of ["usr_someone", "bot_2abcDEF9", nearBot]) {
      const reply = await api.unchanged(() => api.post("/api_keys", { owner_id: owner }));
      expectError(reply, 400, "INVALID_FIELD", "owner_id");
      expect(reply.body.msg).toBe(`owner_id: must be the id of a user or bot of the account, got "${owner}"`);
    }
  });

  test("a PATCH may empty a field", async () => {
    const created = (await api.post("/api_keys", { description: "d1", metadata: "m1" })).body;
    expect((await api.patch(`/api_keys/${created.id}`, { metadata: "" })).body).toEqual({ ...created, metadata: "", token: null });
  });

  describe("validation leaves state unchanged", () => {
    const cases: Array<[string, unknown, string, string]> = [
      ["description over 255 bytes", { description: "é".repeat(128) }, "INVALID_FIELD", "description"],
      ["metadata over 4096 bytes", { metadata: "x".repeat(4097) }, "INVALID_FIELD", "metadata"],
      ["description of the wrong type", { description: 5 }, "INVALID_FIELD", "description"],
      ["description null", { description: null }, "INVALID_FIELD", "description"],
      ["metadata as an object", { metadata: { a: 1 } }, "INVALID_FIELD", "metadata"],
      ["a read-only field", { token: "abc" }, "UNKNOWN_FIELD", "token"],
      ["a malformed owner_id", { owner_id: "alice" }, "INVALID_FIELD", "owner_id"],
      ["an owner_id of another kind", { owner_id: "ak_123" }, "INVALID_FIELD", "owner_id"],
      ["owner_id null", { owner_id: null }, "INVALID_FIELD", "owner_id"],
    ];
    test.each(cases)("create: %s", async (_name, body, code, field) => {
      const reply = await api.unchanged(() => api.post("/api_keys", body));
      expectError(reply, 400, code, field);
    });

    test("the byte limit message names field, rule and size", async () => {
      const reply = await api.unchanged(() => api.post("/api_keys", { description: "é".repeat(150) }));
      expect(reply.body.msg).toBe("description: must be at most 255 bytes (UTF-8), got 300");
      expect(reply.body.details.rule).toBe("must be at most 255 bytes (UTF-8)");
    });

    test("limits are inclusive and counted in bytes", async () => {
      const atLimit = await api.post("/api_keys", { description: "é".repeat(127) + "x", metadata: "€".repeat(1365) + "x" });
      expect(atLimit.status).toBe(201);
      expectError(await api.post("/api_keys", { metadata: "€".repeat(1366) }), 400, "INVALID_FIELD", "metadata");
    });

    const key = () => api.post("/api_keys", { description: "patch target" }).then((r) => r.body.id as string);
    const patchCases: Array<[string, unknown, string, string]> = [
      ["owner_id", { owner_id: "usr_other" }, "IMMUTABLE_FIELD", "owner_id"],
      ["description too long", { description: "x".repeat(256) }, "INVALID_FIELD", "description"],
      ["metadata null", { metadata: null }, "INVALID_FIELD", "metadata"],
    ];
    test.each(patchCases)("update: %s", async (_name, body, code, field) => {
      const id = await key();
      const reply = await api.unchanged(() => api.patch(`/api_keys/${id}`, body));
      expectError(reply, 400, code, field);
    });
  });
});
