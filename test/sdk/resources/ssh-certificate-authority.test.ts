/** SSH certificate authorities: wire shape and the key parameter rules. */
import * as sshpk from "sshpk";
import { BadRequestError, NotFoundError } from "../../../sdk";
import { useEmulator } from "../../support/emulator";
import { expectApiError, expectInvalid } from "../expect";
import { useWire } from "../wire-fixture";
import { list, samples } from "../wire-samples";

const wire = useWire();

describe("on the wire", () => {
  test("create, get, update, list and delete use /ssh_certificate_authorities", async () => {
    const { sshCertificateAuthorities } = wire.client;
    wire.reply(201, samples.sshCertificateAuthority());
    const created = await sshCertificateAuthorities.create({ privateKeyType: "ecdsa", ellipticCurve: "p384", description: "hosts" });
    expect(wire.last()).toEqual({
      method: "POST",
      path: "/ssh_certificate_authorities",
      body: { private_key_type: "ecdsa", elliptic_curve: "p384", description: "hosts" },
    });
    expect(created).toEqual({
      id: "sshca_1",
      uri: expect.any(String),
      createdAt: expect.any(String),
      description: "",
      metadata: "",
      publicKey: "ssh-ed25519 AAAA",
      keyType: "ed25519",
    });

    wire.reply(200, samples.sshCertificateAuthority());
    await sshCertificateAuthorities.get("sshca_1");
    expect(wire.last()).toMatchObject({ method: "GET", path: "/ssh_certificate_authorities/sshca_1" });
    await sshCertificateAuthorities.update("sshca_1", { description: "d" });
    expect(wire.last()).toEqual({ method: "PATCH", path: "/ssh_certificate_authorities/sshca_1", body: { description: "d" } });

    wire.reply(200, list("ssh_certificate_authorities", [samples.sshCertificateAuthority()]));
    expect(await sshCertificateAuthorities.list().toArray()).toHaveLength(1);

    wire.reply(204);
    await sshCertificateAuthorities.delete("sshca_1");
    expect(wire.last()).toMatchObject({ method: "DELETE", path: "/ssh_certificate_authorities/sshca_1" });
  });

  test("an RSA authority sends its key size", async () => {
    wire.reply(201, samples.sshCertificateAuthority({ key_type: "rsa" }));
    await wire.client.sshCertificateAuthorities.create({ privateKeyType: "rsa", keySize: 2048 });
    expect(wire.last().body).toEqual({ private_key_type: "rsa", key_size: 2048 });
  });
});

describe("client-side validation", () => {
  test.each([
    ["no key type", {}, "privateKeyType", "is required"],
    ["a DSA key", { privateKeyType: "dsa" }, "privateKeyType", "must be one of rsa, ecdsa, ed25519"],
    ["an unknown curve", { privateKeyType: "ecdsa", ellipticCurve: "p224" }, "ellipticCurve", "must be one of p256, p384, p521"],
    ["a curve for RSA", { privateKeyType: "rsa", ellipticCurve: "p256" }, "ellipticCurve", "is only for privateKeyType ecdsa"],
    ["a curve for Ed25519", { privateKeyType: "ed25519", ellipticCurve: "p256" }, "ellipticCurve", "is only for privateKeyType ecdsa"],
    ["a 1024-bit RSA key", { privateKeyType: "rsa", keySize: 1024 }, "keySize", "must be one of 2048, 4096"],
    ["a key size as a string", { privateKeyType: "rsa", keySize: "4096" }, "keySize", "must be one of 2048, 4096"],
    ["a key size for ECDSA", { privateKeyType: "ecdsa", keySize: 2048 }, "keySize", "is only for privateKeyType rsa"],
    ["a public key as input", { privateKeyType: "ed25519", publicKey: "ssh-ed25519 AAAA" }, "publicKey", "is not a known field"],
  ])("create with %s", async (_label, params, field, rule) => {
    const before = wire.count();
    await expectInvalid(wire.client.sshCertificateAuthorities.create(params as never), field, rule);
    expect(wire.count()).toBe(before);
  });

  test.each([
    ["privateKeyType", "rsa"],
    ["ellipticCurve", "p256"],
    ["keySize", 4096],
  ])("update: %s cannot change after creation", async (field, value) => {
    await expectInvalid(
      wire.client.sshCertificateAuthorities.update("sshca_1", { [field]: value } as never),
      field,
      "cannot be changed after creation",
    );
  });
});

describe("against the emulator", () => {
  const emu = useEmulator();

  test("create, get, update, list, delete; only the public key is returned", async () => {
    const { sshCertificateAuthorities } = emu.client;
    const created = await sshCertificateAuthorities.create({ privateKeyType: "ed25519", description: "users" });
    expect(created).toEqual({
      id: expect.stringMatching(/^sshca_/),
      uri: expect.stringContaining(created.id),
      createdAt: expect.any(String),
      description: "users",
      metadata: "",
      publicKey: expect.stringMatching(/^ssh-ed25519 /),
      keyType: "ed25519",
    });
    expect(sshpk.parseKey(created.publicKey, "ssh").type).toBe("ed25519");
    const raw = await emu.client.get<Record<string, unknown>>(`/ssh_certificate_authorities/${created.id}`);
    expect(Object.keys(raw).filter((k) => /private/i.test(k))).toEqual([]);
    expect(JSON.stringify(raw)).not.toContain("PRIVATE KEY");
    await expect(sshCertificateAuthorities.get(created.id)).resolves.toEqual(created);

    const updated = await sshCertificateAuthorities.update(created.id, { metadata: "m" });
    expect(updated).toEqual({ ...created, metadata: "m" });
    expect(await sshCertificateAuthorities.list().toArray()).toContainEqual(updated);

    await sshCertificateAuthorities.delete(created.id);
    await expectApiError(sshCertificateAuthorities.get(created.id), NotFoundError, "NOT_FOUND");
  });

  test.each([
    ["ECDSA, default curve", { privateKeyType: "ecdsa" }, "ecdsa", { curve: "nistp256" }],
    ["ECDSA P-384", { privateKeyType: "ecdsa", ellipticCurve: "p384" }, "ecdsa", { curve: "nistp384" }],
    ["ECDSA P-521", { privateKeyType: "ecdsa", ellipticCurve: "p521" }, "ecdsa", { curve: "nistp521" }],
    ["RSA 2048", { privateKeyType: "rsa", keySize: 2048 }, "rsa", { size: 2048 }],
    ["RSA, default size", { privateKeyType: "rsa" }, "rsa", { size: 4096 }],
  ] as const)("%s: a real key of that type", async (_label, params, keyType, shape) => {
    const created = await emu.client.sshCertificateAuthorities.create(params);
    expect(created.keyType).toBe(keyType);
    expect(sshpk.parseKey(created.publicKey, "ssh")).toMatchObject({ type: keyType, ...shape });
  });

  describe("the service's own checks (client validation bypassed)", () => {
    test.each([
      ["no key type", {}, "privateKeyType", "MISSING_FIELD"],
      ["a DSA key", { privateKeyType: "dsa" }, "privateKeyType", "INVALID_FIELD"],
      ["a 1024-bit RSA key", { privateKeyType: "rsa", keySize: 1024 }, "keySize", "INVALID_FIELD"],
      ["an unknown curve", { privateKeyType: "ecdsa", ellipticCurve: "p224" }, "ellipticCurve", "INVALID_FIELD"],
    ])("%s → BadRequestError on the field", async (_label, body, field, code) => {
      await expectApiError(emu.client.post("/ssh_certificate_authorities", { body }), BadRequestError, code, field);
    });

    test("the key type on update → BadRequestError IMMUTABLE_FIELD", async () => {
      const { id } = await emu.client.sshCertificateAuthorities.create({ privateKeyType: "ed25519" });
      await expectApiError(
        emu.client.patch(`/ssh_certificate_authorities/${id}`, { body: { privateKeyType: "rsa" } }),
        BadRequestError,
        "IMMUTABLE_FIELD",
        "privateKeyType",
      );
    });
  });
});
