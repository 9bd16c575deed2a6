/** Tunnel credentials (`/credentials`, an extension): an agent authtoken with the `bind` ACL of SSH credentials. */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { useEmulator } from "../../support/emulator";
import { expectError, sendOddValues } from "../support";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ei-tunnel-credential-"));
const emu = useEmulator({ dataFile: path.join(dir, "state.json") });
const { api } = emu;

let adminId: string;

beforeAll(async () => {
  adminId = (await api.post("/api_keys", {})).body.owner_id;
});
afterAll(async () => {
  await emu.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("tunnel credentials", () => {
  test("create answers 201 with every field and a 43-character token", async () => {
    const acl = ["*", "bind:example.com", "bind:*.example.com", "bind:tcp.example.com:2222", "bind:*=prod", "bind:env=*", "bind:env=prod"];
    const created = await api.post("/credentials", { description: "agent", metadata: "m", acl });
    expect(created.status).toBe(201);
    const cred = created.body;
    expect(Object.keys(cred)).toEqual(["id", "uri", "created_at", "description", "metadata", "token", "acl", "owner_id"]);
    expect(cred).toMatchObject({ description: "agent", metadata: "m", acl, owner_id: adminId });
    expect(cred.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  test("an empty body makes an unrestricted credential: acl [], description and metadata empty; each token is new", async () => {
    const a = await api.call("POST", "/credentials");
    const b = await api.post("/credentials", {});
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ acl: [], description: "", metadata: "", owner_id: adminId });
    expect(a.body.token).not.toBe(b.body.token);
  });

  test("only the token's SHA-256 reaches the data file", async () => {
    const { id, token } = (await api.post("/credentials", { description: "stored" })).body;
    const saved = fs.readFileSync(path.join(dir, "state.json"), "utf8");
    expect(saved).not.toContain(token);
    const record = JSON.parse(saved).collections.credentials.find((r: { id: string }) => r.id === id);
    expect(record.token_sha256).toBe(createHash("sha256").update(token).digest("hex"));
    expect(record).not.toHaveProperty("token");
  });

  test("the token is an agent authtoken, not an API token: a request with it is 401", async () => {
    const { token } = (await api.post("/credentials", {})).body;
    expectError(await api.as(token).get("/credentials"), 401, "UNAUTHORIZED");
    expectError(await api.unchanged(() => api.as(token).post("/ip_policies", {})), 401, "UNAUTHORIZED");
  });

  test("a create retried with its idempotency key replays the first answer, token included, and makes nothing new", async () => {
    const headers = { "idempotency-key": "tunnel-credential-retry-1" };
    const before = (await api.get("/credentials")).body.credentials.length;
    const first = await api.post("/credentials", { description: "lost answer" }, { headers });
    const again = await api.post("/credentials", { description: "lost answer" }, { headers });
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(again.body.token).toEqual(expect.any(String));
    expect((await api.get("/credentials")).body.credentials).toHaveLength(before + 1);
  });

  test("owner: the admin may name the account's bot or itself; a key may name its own owner but no other (403)", async () => {
    expect((await api.post("/credentials", { owner_id: emu.emulator.botId })).body.owner_id).toBe(emu.emulator.botId);
    expect((await api.post("/credentials", { owner_id: adminId })).body.owner_id).toBe(adminId);
    const botKey = (await api.post("/api_keys", { owner_id: emu.emulator.botId })).body;
    const asBot = api.as(botKey.token);
    expect((await asBot.post("/credentials", {})).body.owner_id).toBe(emu.emulator.botId);
    expect((await asBot.post("/credentials", { owner_id: emu.emulator.botId })).status).toBe(201);
    // 403 whether the other owner exists or not: a key is never admin.
    for (const owner of [adminId, "usr_else"]) {
      expectError(await api.unchanged(() => asBot.post("/credentials", { owner_id: owner })), 403, "FORBIDDEN", "owner_id");
    }
  });

  test("owner: an owner that names no user or bot of the account is INVALID_FIELD, nothing is created", async () => {
    for (const owner of ["bot_123", "usr_keyowner"]) {
      expectError(await api.unchanged(() => api.post("/credentials", { owner_id: owner })), 400, "INVALID_FIELD", "owner_id");
    }
  });

  describe("rejections leave state unchanged", () => {
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ["acl not a list", { acl: "*" }, "INVALID_FIELD", "acl"],
      ["acl rule of another kind", { acl: ["*", "connect:example.com"] }, "INVALID_FIELD", "acl[1]"],
      ["acl bind without target", { acl: ["bind:"] }, "INVALID_FIELD", "acl[0]"],
      ["acl port out of range", { acl: ["bind:example.com:70000"] }, "INVALID_FIELD", "acl[0]"],
      ["acl label without value", { acl: ["bind:env="] }, "INVALID_FIELD", "acl[0]"],
      ["bad owner_id", { owner_id: "me" }, "INVALID_FIELD", "owner_id"],
      ["token is read-only", { token: "mine-mine-mine" }, "UNKNOWN_FIELD", "token"],
      ["public_key belongs to SSH credentials", { public_key: "ssh-ed25519 AAAA" }, "UNKNOWN_FIELD", "public_key"],
      ["description over 255 bytes", { description: "é".repeat(128) }, "INVALID_FIELD", "description"],
    ];
    test.each(cases)("%s", async (_name, json, code, field) => {
      expectError(await api.unchanged(() => api.post("/credentials", json)), 400, code, field);
    });

    test("PATCH cannot change owner_id or token, and checks acl", async () => {
      const cred = (await api.post("/credentials", {})).body;
      expectError(
        await api.unchanged(() => api.patch(`/credentials/${cred.id}`, { owner_id: cred.owner_id })),
        400,
        "IMMUTABLE_FIELD",
        "owner_id",
      );
      expectError(
        await api.unchanged(() => api.patch(`/credentials/${cred.id}`, { token: "another-token-value" })),
        400,
        "UNKNOWN_FIELD",
        "token",
      );
      expectError(await api.unchanged(() => api.patch(`/credentials/${cred.id}`, { acl: ["nope"] })), 400, "INVALID_FIELD", "acl[0]");
      await api.del(`/credentials/${cred.id}`);
    });
  });

  test("no error message quotes a token that was sent", async () => {
    const token = "tunnel-token-never-quoted-0042";
    const reply = await api.post("/credentials", { token });
    expect(reply.status).toBe(400);
    expect(reply.text).not.toContain(token);
  });

  test("odd values in every field are answered without a 5xx", async () => {
    const body = { description: "d", metadata: "m", acl: ["*"], owner_id: "usr_x" };
    expect(await sendOddValues(body, (b) => api.post("/credentials", b))).toBeGreaterThan(0);
  });
});
