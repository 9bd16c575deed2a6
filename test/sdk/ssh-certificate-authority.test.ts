/** SSH certificate authorities: wire shape and the key parameter rules. */
import { expectInvalid } from "./emulator-fixture";
import { useWire } from "./wire-fixture";
import { list, samples } from "./wire-samples";

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
    await expectInvalid(wire.client.sshCertificateAuthorities.update("sshca_1", { [field]: value } as never), field, "cannot be changed after creation");
  });
});
