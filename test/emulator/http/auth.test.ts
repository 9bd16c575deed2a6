import crypto = require("node:crypto");
import { useEmulator, Client } from "../../support/emulator";
import { expectError } from "../support";

const emu = useEmulator({ rootToken: "root-token-for-auth-tests" });
const { api } = emu;

let adminId: string;

beforeAll(async () => {
  adminId = (await api.post("/api_keys", {})).body.owner_id;
});

/** A new key and a client that authenticates with its token. */
async function keyClient(body: Record<string, unknown> = {}): Promise<{ id: string; ownerId: string; client: Client }> {
  const { id, owner_id, token } = (await api.post("/api_keys", body)).body;
  return { id, ownerId: owner_id, client: api.as(token) };
}

describe("authentication", () => {
  test("the root token authenticates, with any case of the Bearer scheme", async () => {
    expect(emu.emulator.rootToken).toBe("root-token-for-auth-tests");
    expect((await api.get("/api_keys")).status).toBe(200);
    const lower = await api.get("/api_keys", { token: null, headers: { authorization: `bearer ${emu.emulator.rootToken}` } });
    expect(lower.status).toBe(200);
  });

  test("a missing Authorization header is UNAUTHORIZED", async () => {
    expectError(await api.get("/api_keys", { token: null }), 401, "UNAUTHORIZED");
    expectError(await api.unchanged(() => api.post("/ip_policies", {}, { token: null })), 401, "UNAUTHORIZED");
  });

  test("another scheme is UNAUTHORIZED and the header is not echoed", async () => {
    const reply = await api.get("/api_keys", { token: null, headers: { authorization: `Basic ${emu.emulator.rootToken}` } });
    expectError(reply, 401, "UNAUTHORIZED");
    expect(reply.text).not.toContain(emu.emulator.rootToken);
    expect(reply.text).not.toContain("Basic");
  });

  test("an unknown token is UNAUTHORIZED and is not echoed", async () => {
    const reply = await api.get("/ip_policies", { token: "not-a-real-token-1234567890" });
    expectError(reply, 401, "UNAUTHORIZED");
    expect(reply.text).not.toContain("not-a-real-token");
  });

  test("a prefix or extension of the root token is not accepted", async () => {
    expectError(await api.get("/api_keys", { token: emu.emulator.rootToken.slice(0, -1) }), 401, "UNAUTHORIZED");
    expectError(await api.get("/api_keys", { token: `${emu.emulator.rootToken}x` }), 401, "UNAUTHORIZED");
  });

  test("an API key's token authenticates until the key is deleted, then at once no more", async () => {
    const { id, client } = await keyClient();
    expect((await client.get("/ip_policies")).status).toBe(200);
    expect((await api.del(`/api_keys/${id}`)).status).toBe(204);
    expectError(await client.get("/ip_policies"), 401, "UNAUTHORIZED");
  });

  test("a key can delete itself, and its token is revoked by that", async () => {
    const { id, client } = await keyClient();
    expect((await client.del(`/api_keys/${id}`)).status).toBe(204);
    expectError(await client.get("/api_keys"), 401, "UNAUTHORIZED");
  });

  test("auth is checked before validation", async () => {
    expectError(await api.post("/ip_restrictions", { bogus: 1 }, { token: "nope" }), 401, "UNAUTHORIZED");
  });
});

describe("owners", () => {
  test("a key created by the root token is owned by the admin user", async () => {
    expect(adminId).toMatch(/^usr_/);
    expect((await keyClient()).ownerId).toBe(adminId);
  });

  test("a key created with an API key is owned by that key's owner", async () => {
    const bot = await keyClient({ owner_id: emu.emulator.botId });
    const child = await bot.client.post("/api_keys", { description: "made by a bot" });
    expect(child.status).toBe(201);
    expect(child.body.owner_id).toBe(emu.emulator.botId);

    const user = await keyClient();
    expect((await user.client.post("/api_keys", {})).body.owner_id).toBe(adminId);
  });

  test("an API key may name its own owner", async () => {
    const bot = await keyClient({ owner_id: emu.emulator.botId });
    const reply = await bot.client.post("/api_keys", { owner_id: emu.emulator.botId });
    expect(reply.status).toBe(201);
    expect(reply.body.owner_id).toBe(emu.emulator.botId);
  });

  test("an API key naming another owner is FORBIDDEN and nothing is created", async () => {
    const { client } = await keyClient();
    // Unknown owners and the account's bot alike: FORBIDDEN comes before the owner is looked up.
    for (const owner of ["usr_somebodyelse", "bot_other", emu.emulator.botId]) {
      expectError(await api.unchanged(() => client.post("/api_keys", { owner_id: owner })), 403, "FORBIDDEN");
    }
  });

  test("an API key may use every other operation", async () => {
    const { client } = await keyClient();
    const policy = await client.post("/ip_policies", {});
    expect(policy.status).toBe(201);
    expect((await client.post("/ip_restrictions", { type: "api", ip_policy_ids: [policy.body.id] })).status).toBe(201);
  });
});

describe("token comparison is constant-time", () => {
  // Structure, not timing: every check compares fixed-length digests with timingSafeEqual, and a request
  // compares against the root token and every key whichever matches, so neither the token's length nor
  // which key it belongs to changes the work done.
  const compared = async (token: string): Promise<Array<[number, number]>> => {
    const spy = jest.spyOn(crypto, "timingSafeEqual");
    try {
      await api.get("/ip_policies", { token });
      return spy.mock.calls.map(([a, b]) => [(a as Buffer).length, (b as Buffer).length]);
    } finally {
      spy.mockRestore();
    }
  };

  test("the root token, the first key's, the last key's and an unknown token of any length cost the same comparisons", async () => {
    const first = (await api.post("/api_keys", {})).body.token as string;
    for (let i = 0; i < 3; i++) await api.post("/api_keys", {});
    const last = (await api.post("/api_keys", {})).body.token as string;
    const keys = (await api.get("/api_keys")).body.keys.length as number;
    const all = Array.from({ length: 1 + keys }, () => [32, 32]);
    expect(await compared(emu.emulator.rootToken)).toEqual([[32, 32]]); // the root principal needs no key lookup
    expect(await compared(first)).toEqual(all);
    expect(await compared(last)).toEqual(all);
    expect(await compared("x")).toEqual(all);
    expect(await compared("unknown-".repeat(40))).toEqual(all);
  });
});
