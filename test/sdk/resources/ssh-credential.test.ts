/** SSH credentials: wire shape, public key rules, ACL rule forms, the fixed key and owner. */
import { ACL_RULE, BadRequestError, NotFoundError, PermissionDeniedError, isAclRule } from "../../../sdk";
import { SSH_KEY_TYPE_RULE, SSH_PUBLIC_KEY_RULE } from "../../../sdk/core/crypto";
import { rejection } from "../../support/assert";
import { keyPair, privateKeyPem, sshPublicKey } from "../../support/pki";
import { useEmulator } from "../../support/emulator";
import { expectApiError, expectInvalid } from "../expect";
import { useWire } from "../wire-fixture";
import { list, samples } from "../wire-samples";

const wire = useWire();
const key = sshPublicKey("ed25519");

describe("on the wire", () => {
  test("create, get, update, list and delete use /ssh_credentials", async () => {
    const { sshCredentials } = wire.client;
    wire.reply(201, samples.sshCredential({ acl: ["bind:app.example.com"] }));
    const created = await sshCredentials.create({ publicKey: key, acl: ["bind:app.example.com"], ownerId: "usr_1" });
    expect(wire.last()).toEqual({
      method: "POST",
      path: "/ssh_credentials",
      body: { public_key: key, acl: ["bind:app.example.com"], owner_id: "usr_1" },
    });
    expect(created).toEqual({
      id: "sshcr_1",
      uri: expect.any(String),
      createdAt: expect.any(String),
      description: "",
      metadata: "",
      publicKey: "ssh-ed25519 AAAA test",
      acl: ["bind:app.example.com"],
      ownerId: "usr_1",
    });

    wire.reply(200, samples.sshCredential());
    await sshCredentials.get("sshcr_1");
    expect(wire.last()).toMatchObject({ method: "GET", path: "/ssh_credentials/sshcr_1" });
    await sshCredentials.update("sshcr_1", { acl: [] });
    expect(wire.last()).toEqual({ method: "PATCH", path: "/ssh_credentials/sshcr_1", body: { acl: [] } });

    wire.reply(200, list("ssh_credentials", [samples.sshCredential()]));
    expect(await sshCredentials.list().toArray()).toHaveLength(1);
    expect(wire.last()).toMatchObject({ method: "GET", path: "/ssh_credentials" });

    wire.reply(204);
    await sshCredentials.delete("sshcr_1");
    expect(wire.last()).toMatchObject({ method: "DELETE", path: "/ssh_credentials/sshcr_1" });
  });

  test("an unset ACL reads as an empty list", async () => {
    wire.reply(200, samples.sshCredential({ acl: null }));
    expect((await wire.client.sshCredentials.get("sshcr_1")).acl).toEqual([]);
  });
});

describe("ACL rules", () => {
  test.each([
    "*",
    "bind:app.example.com",
    "bind:*.example.com",
    "bind:tcp.example.com:9000",
    "bind:10.0.0.1:22",
    "bind:*=prod",
    "bind:env=*",
    "bind:env=prod",
    "bind:*=*",
  ])("%s is a rule", (rule) => {
    expect(isAclRule(rule)).toBe(true);
  });

  test.each([
    "",
    "bind:",
    "bind",
    "**",
    "connect:app.example.com",
    "bind:App.example.com",
    "bind:app.*.example.com",
    "bind:app.example.com:0",
    "bind:app.example.com:65536",
    "bind:=prod",
    "bind:env=",
    "bind:env=a=b",
    "bind:e*v=prod",
    "bind: env=prod",
  ])("%j is not a rule", (rule) => {
    expect(isAclRule(rule)).toBe(false);
  });
});

describe("client-side validation", () => {
  test.each([
    ["no public key", {}, "publicKey", "is required"],
    ["a public key that is not OpenSSH", { publicKey: "AAAA" }, "publicKey", SSH_PUBLIC_KEY_RULE],
    ["two keys", { publicKey: `${key}\n${sshPublicKey()}` }, "publicKey", SSH_PUBLIC_KEY_RULE],
    ["an RSA key of 1024 bits", { publicKey: sshPublicKey("rsa1024") }, "publicKey", SSH_KEY_TYPE_RULE],
    ["a DSA key", { publicKey: sshPublicKey("dsa") }, "publicKey", SSH_KEY_TYPE_RULE],
    ["an ACL that is not a list", { publicKey: key, acl: "*" }, "acl", "must be a list of ACL rules"],
    ["a malformed ACL rule", { publicKey: key, acl: ["*", "bind:Bad Host"] }, "acl[1]", ACL_RULE],
    [
      "a malformed owner",
      { publicKey: key, ownerId: "alice" },
      "ownerId",
      "must be an id: a lowercase prefix, an underscore, then an opaque suffix",
    ],
  ])("create with %s", async (_label, params, field, rule) => {
    const before = wire.count();
    await expectInvalid(wire.client.sshCredentials.create(params as never), field, rule);
    expect(wire.count()).toBe(before);
  });

  test.each([
    ["RSA 2048", "rsa"],
    ["ECDSA P-256", "ecdsa"],
    ["ECDSA P-384", "ecdsa384"],
    ["Ed25519", "ed25519"],
  ] as const)("accepts an %s key", async (_label, type) => {
    wire.reply(201, samples.sshCredential());
    const publicKey = sshPublicKey(type);
    await wire.client.sshCredentials.create({ publicKey });
    expect(wire.last().body).toEqual({ public_key: publicKey });
  });

  test("a private key pasted as the public key is refused without being quoted", async () => {
    const secret = privateKeyPem(keyPair("ed25519").privateKey);
    const err = await rejection(wire.client.sshCredentials.create({ publicKey: secret }));
    expect(err).toMatchObject({ field: "publicKey", rule: SSH_PUBLIC_KEY_RULE });
    expect(String(err)).not.toContain(secret.split("\n")[1]);
  });

  test("the key and the owner cannot change after creation", async () => {
    await expectInvalid(
      wire.client.sshCredentials.update("sshcr_1", { publicKey: key } as never),
      "publicKey",
      "cannot be changed after creation",
    );
    await expectInvalid(
      wire.client.sshCredentials.update("sshcr_1", { ownerId: "usr_2" } as never),
      "ownerId",
      "cannot be changed after creation",
    );
    await expectInvalid(wire.client.sshCredentials.update("sshcr_1", { acl: ["bind:"] }), "acl[0]", ACL_RULE);
  });
});

describe("against the emulator", () => {
  const emu = useEmulator();

  test("create, get, update, list, delete; the owner defaults to the caller", async () => {
    const { sshCredentials } = emu.client;
    const publicKey = sshPublicKey("ecdsa384", "agent@build");
    const acl = ["bind:app.example.com", "bind:*.example.net", "bind:tcp.example.com:9000", "bind:env=prod", "bind:*=*"];
    const created = await sshCredentials.create({ publicKey, acl, description: "agent" });
    expect(created).toEqual({
      id: expect.stringMatching(/^sshcr_/),
      uri: expect.stringContaining(created.id),
      createdAt: expect.any(String),
      description: "agent",
      metadata: "",
      publicKey,
      acl,
      ownerId: expect.stringMatching(/^usr_/),
    });
    await expect(sshCredentials.get(created.id)).resolves.toEqual(created);

    const updated = await sshCredentials.update(created.id, { acl: ["*"], metadata: "m" });
    expect(updated).toEqual({ ...created, acl: ["*"], metadata: "m" });
    expect(await sshCredentials.list().toArray()).toContainEqual(updated);

    await sshCredentials.delete(created.id);
    await expectApiError(sshCredentials.get(created.id), NotFoundError, "NOT_FOUND");
  });

  test("no ACL reads back as an empty list", async () => {
    expect((await emu.client.sshCredentials.create({ publicKey: key })).acl).toEqual([]);
  });

  test("a non-admin naming another owner → PermissionDeniedError FORBIDDEN", async () => {
    const { token } = await emu.client.apiKeys.create({});
    await expectApiError(
      emu.clientWith(token ?? "").sshCredentials.create({ publicKey: key, ownerId: "usr_someoneelse1" }),
      PermissionDeniedError,
      "FORBIDDEN",
      "ownerId",
    );
  });

  describe("the service's own checks (client validation bypassed)", () => {
    test.each([
      ["a 1024-bit RSA key", { publicKey: sshPublicKey("rsa1024") }, "publicKey"],
      ["a DSA key", { publicKey: sshPublicKey("dsa") }, "publicKey"],
      ["text that is not a key", { publicKey: "ssh-ed25519 not-base64" }, "publicKey"],
      ["a malformed ACL rule", { publicKey: key, acl: ["*", "connect:x"] }, "acl[1]"],
    ])("%s → BadRequestError INVALID_FIELD", async (_label, body, field) => {
      await expectApiError(emu.client.post("/ssh_credentials", { body }), BadRequestError, "INVALID_FIELD", field);
    });

    test("the public key on update → BadRequestError IMMUTABLE_FIELD", async () => {
      const { id } = await emu.client.sshCredentials.create({ publicKey: key });
      await expectApiError(
        emu.client.patch(`/ssh_credentials/${id}`, { body: { publicKey: key } }),
        BadRequestError,
        "IMMUTABLE_FIELD",
        "publicKey",
      );
    });
  });
});
