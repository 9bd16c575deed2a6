/** SSH host certificates: wire shape, no options or extensions, validity order. */
import { BadRequestError, NotFoundError, VALIDITY_ORDER_RULE } from "../../../sdk";
import { SSH_KEY_TYPE_RULE } from "../../../sdk/core/crypto";
import { readSshCertificate, sshKeygenList, sshPublicKey } from "../../support/pki";
import { useEmulator } from "../../support/emulator";
import { expectApiError, expectInvalid } from "../expect";
import { useWire } from "../wire-fixture";
import { list, samples } from "../wire-samples";

const wire = useWire();
const publicKey = sshPublicKey("rsa");
const base = { sshCertificateAuthorityId: "sshca_1", publicKey };

describe("on the wire", () => {
  test("create, get, update, list and delete use /ssh_host_certificates", async () => {
    const { sshHostCertificates } = wire.client;
    wire.reply(201, samples.sshHostCertificate());
    const created = await sshHostCertificates.create({
      ...base,
      principals: ["host.example.com", "10.0.0.1"],
      validUntil: "2026-01-01T00:00:00Z",
    });
    expect(wire.last()).toEqual({
      method: "POST",
      path: "/ssh_host_certificates",
      body: {
        ssh_certificate_authority_id: "sshca_1",
        public_key: publicKey,
        principals: ["host.example.com", "10.0.0.1"],
        valid_until: "2026-01-01T00:00:00Z",
      },
    });
    expect(created).toEqual({
      id: "shcrt_1",
      uri: expect.any(String),
      createdAt: expect.any(String),
      description: "",
      metadata: "",
      publicKey: "ssh-ed25519 AAAA",
      keyType: "ed25519",
      sshCertificateAuthorityId: "sshca_1",
      principals: ["host.example.com"],
      validAfter: expect.any(String),
      validUntil: expect.any(String),
      certificate: expect.any(String),
    });

    wire.reply(200, samples.sshHostCertificate());
    await sshHostCertificates.get("shcrt_1");
    expect(wire.last()).toMatchObject({ method: "GET", path: "/ssh_host_certificates/shcrt_1" });
    await sshHostCertificates.update("shcrt_1", { description: "web" });
    expect(wire.last()).toEqual({ method: "PATCH", path: "/ssh_host_certificates/shcrt_1", body: { description: "web" } });

    wire.reply(200, list("ssh_host_certificates", [samples.sshHostCertificate()]));
    expect(await sshHostCertificates.list().toArray()).toHaveLength(1);

    wire.reply(204);
    await sshHostCertificates.delete("shcrt_1");
    expect(wire.last()).toMatchObject({ method: "DELETE", path: "/ssh_host_certificates/shcrt_1" });
  });
});

describe("client-side validation", () => {
  test.each([
    ["critical options", { ...base, criticalOptions: {} }, "criticalOptions", "is not a known field"],
    ["extensions", { ...base, extensions: {} }, "extensions", "is not a known field"],
    ["a DSA key", { ...base, publicKey: sshPublicKey("dsa") }, "publicKey", SSH_KEY_TYPE_RULE],
    [
      "validUntil before validAfter",
      { ...base, validAfter: "2025-06-01T00:00:00Z", validUntil: "2025-01-01T00:00:00Z" },
      "validUntil",
      VALIDITY_ORDER_RULE,
    ],
    ["principals as a string", { ...base, principals: "host" }, "principals", "must be a list of strings"],
  ])("create with %s", async (_label, params, field, rule) => {
    const before = wire.count();
    await expectInvalid(wire.client.sshHostCertificates.create(params as never), field, rule);
    expect(wire.count()).toBe(before);
  });

  test("update: the signed fields cannot change after creation", async () => {
    await expectInvalid(
      wire.client.sshHostCertificates.update("shcrt_1", { principals: [] } as never),
      "principals",
      "cannot be changed after creation",
    );
    await expectInvalid(
      wire.client.sshHostCertificates.update("shcrt_1", { validUntil: "2026-01-01T00:00:00Z" } as never),
      "validUntil",
      "cannot be changed after creation",
    );
  });
});

describe("against the emulator", () => {
  const emu = useEmulator();
  const DAY = 86_400_000;

  test("a real host certificate signed by the authority; get, update, list, delete", async () => {
    const { sshHostCertificates } = emu.client;
    const ca = await emu.client.sshCertificateAuthorities.create({ privateKeyType: "rsa", keySize: 2048 });
    const subject = sshPublicKey("ecdsa", "root@web1");
    const created = await sshHostCertificates.create({
      sshCertificateAuthorityId: ca.id,
      publicKey: subject,
      principals: ["web1.example.com", "192.0.2.1"],
      validAfter: "2030-01-01T00:00:00Z",
      validUntil: "2031-01-01T00:00:00Z",
    });
    expect(created).toEqual({
      id: expect.stringMatching(/^shcrt_/),
      uri: expect.stringContaining(created.id),
      createdAt: expect.any(String),
      description: "",
      metadata: "",
      publicKey: subject,
      keyType: "ecdsa",
      sshCertificateAuthorityId: ca.id,
      principals: ["web1.example.com", "192.0.2.1"],
      validAfter: "2030-01-01T00:00:00Z",
      validUntil: "2031-01-01T00:00:00Z",
      certificate: expect.stringMatching(/^ecdsa-sha2-nistp256-cert-v01@openssh\.com AAAA/),
    });
    expect(readSshCertificate(created.certificate, ca.publicKey)).toMatchObject({
      signedByCa: true,
      principals: ["web1.example.com", "192.0.2.1"],
      criticalOptions: [],
      extensions: [],
    });
    const listed = sshKeygenList(created.certificate);
    if (listed !== null) {
      expect(listed).toContain("Type: ecdsa-sha2-nistp256-cert-v01@openssh.com host certificate");
      expect(listed).toMatch(/Signing CA: RSA /);
      expect(listed).toMatch(/Principals: \n\s+web1\.example\.com\n\s+192\.0\.2\.1\n/);
    }

    await expect(sshHostCertificates.get(created.id)).resolves.toEqual(created);
    const updated = await sshHostCertificates.update(created.id, { description: "web1" });
    expect(updated).toEqual({ ...created, description: "web1" });
    expect(await sshHostCertificates.list().toArray()).toContainEqual(updated);
    await sshHostCertificates.delete(created.id);
    await expectApiError(sshHostCertificates.get(created.id), NotFoundError, "NOT_FOUND");
  });

  test("default validity: from now for one year", async () => {
    const ca = await emu.client.sshCertificateAuthorities.create({ privateKeyType: "ed25519" });
    const created = await emu.client.sshHostCertificates.create({ sshCertificateAuthorityId: ca.id, publicKey });
    const days = (Date.parse(created.validUntil) - Date.parse(created.validAfter)) / DAY;
    expect([365, 366]).toContain(days);
    expect(readSshCertificate(created.certificate, ca.publicKey).signedByCa).toBe(true);
  });

  describe("the service's own checks (client validation bypassed)", () => {
    test("critical options → BadRequestError UNKNOWN_FIELD", async () => {
      const ca = await emu.client.sshCertificateAuthorities.create({ privateKeyType: "ed25519" });
      await expectApiError(
        emu.client.post("/ssh_host_certificates", { body: { sshCertificateAuthorityId: ca.id, publicKey, criticalOptions: {} } }),
        BadRequestError,
        "UNKNOWN_FIELD",
        "criticalOptions",
      );
    });

    test("a DSA key → BadRequestError INVALID_FIELD on publicKey", async () => {
      const ca = await emu.client.sshCertificateAuthorities.create({ privateKeyType: "ed25519" });
      await expectApiError(
        emu.client.post("/ssh_host_certificates", { body: { sshCertificateAuthorityId: ca.id, publicKey: sshPublicKey("dsa") } }),
        BadRequestError,
        "INVALID_FIELD",
        "publicKey",
      );
    });
  });
});
