import { sshPublicKey } from "../../support/pki";
import { useEmulator } from "../../support/emulator";
import { expectError, sendOddValues } from "../support";

const emu = useEmulator();
const { api } = emu;

let adminId: string;

beforeAll(async () => {
  adminId = (await api.post("/api_keys", {})).body.owner_id;
});

describe("SSH credentials", () => {
  test("create returns 201 with §2.13 fields, the key and acl as sent", async () => {
    const key = sshPublicKey("ed25519");
    const acl = ["*", "bind:example.com", "bind:*.example.com", "bind:tcp.example.com:2222", "bind:*=prod", "bind:env=*", "bind:env=prod"];
    const created = await api.post("/ssh_credentials", { description: "agent", metadata: "m", public_key: `${key} me@laptop`, acl });
    expect(created.status).toBe(201);
    const cred = created.body;
    expect(Object.keys(cred)).toEqual(["id", "uri", "created_at", "description", "metadata", "public_key", "acl", "owner_id"]);
    expect(cred).toMatchObject({ description: "agent", metadata: "m", public_key: `${key} me@laptop`, acl, owner_id: adminId });
  });

  test.each(["rsa", "ecdsa", "ed25519"] as const)("a %s key is accepted; acl defaults to []", async (type) => {
    const reply = await api.post("/ssh_credentials", { public_key: sshPublicKey(type) });
    expect(reply.status).toBe(201);
    expect(reply.body.acl).toEqual([]);
  });

  test("owner: the admin may name the account's bot; a key may not name another owner", async () => {
    const other = await api.post("/ssh_credentials", { public_key: sshPublicKey(), owner_id: emu.emulator.botId });
    expect(other.body.owner_id).toBe(emu.emulator.botId);
    const apiKey = (await api.post("/api_keys", { owner_id: emu.emulator.botId })).body;
    const asKey = api.as(apiKey.token);
    expect((await asKey.post("/ssh_credentials", { public_key: sshPublicKey() })).body.owner_id).toBe(emu.emulator.botId);
    expectError(
      await api.unchanged(() => asKey.post("/ssh_credentials", { public_key: sshPublicKey(), owner_id: "usr_else" })),
      403,
      "FORBIDDEN",
      "owner_id",
    );
  });

  test("owner: an owner that names no user or bot of the account is INVALID_FIELD, nothing is created", async () => {
    for (const owner of ["bot_123", "usr_keyowner"]) {
      expectError(
        await api.unchanged(() => api.post("/ssh_credentials", { public_key: sshPublicKey(), owner_id: owner })),
        400,
        "INVALID_FIELD",
        "owner_id",
      );
    }
  });

  describe("rejections leave state unchanged", () => {
    const key = sshPublicKey();
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ["missing public_key", {}, "MISSING_FIELD", "public_key"],
      ["public_key not OpenSSH", { public_key: "not a key" }, "INVALID_FIELD", "public_key"],
      ["public_key truncated", { public_key: key.slice(0, 40) }, "INVALID_FIELD", "public_key"],
      ["RSA under 2048 bits", { public_key: sshPublicKey("rsa1024") }, "INVALID_FIELD", "public_key"],
      ["two keys", { public_key: `${key}\n${key}` }, "INVALID_FIELD", "public_key"],
      ["acl not a list", { public_key: key, acl: "*" }, "INVALID_FIELD", "acl"],
      ["acl rule of another kind", { public_key: key, acl: ["*", "connect:example.com"] }, "INVALID_FIELD", "acl[1]"],
      ["acl bind without target", { public_key: key, acl: ["bind:"] }, "INVALID_FIELD", "acl[0]"],
      ["acl upper-case domain", { public_key: key, acl: ["bind:Example.com"] }, "INVALID_FIELD", "acl[0]"],
      ["acl port out of range", { public_key: key, acl: ["bind:example.com:70000"] }, "INVALID_FIELD", "acl[0]"],
      ["acl wildcard in the middle", { public_key: key, acl: ["bind:a.*.example.com"] }, "INVALID_FIELD", "acl[0]"],
      ["acl label without value", { public_key: key, acl: ["bind:env="] }, "INVALID_FIELD", "acl[0]"],
      ["acl rule not a string", { public_key: key, acl: [1] }, "INVALID_FIELD", "acl[0]"],
      ["bad owner_id", { public_key: key, owner_id: "me" }, "INVALID_FIELD", "owner_id"],
      ["description over 255 bytes", { public_key: key, description: "é".repeat(128) }, "INVALID_FIELD", "description"],
    ];
    test.each(cases)("%s", async (_name, json, code, field) => {
      expectError(await api.unchanged(() => api.post("/ssh_credentials", json)), 400, code, field);
    });

    test("PATCH cannot change public_key or owner_id, and checks acl", async () => {
      const cred = (await api.post("/ssh_credentials", { public_key: key })).body;
      for (const [field, value] of [
        ["public_key", key],
        ["owner_id", cred.owner_id],
      ]) {
        expectError(await api.unchanged(() => api.patch(`/ssh_credentials/${cred.id}`, { [field]: value })), 400, "IMMUTABLE_FIELD", field);
      }
      expectError(await api.unchanged(() => api.patch(`/ssh_credentials/${cred.id}`, { acl: ["nope"] })), 400, "INVALID_FIELD", "acl[0]");
      await api.del(`/ssh_credentials/${cred.id}`);
    });
  });

  test("odd values in every field are answered without a 5xx", async () => {
    const body = { description: "d", public_key: sshPublicKey(), acl: ["*"], owner_id: "usr_x" };
    expect(await sendOddValues(body, (b) => api.post("/ssh_credentials", b))).toBeGreaterThan(0);
  });
});
