/** SSH user certificates: wire shape (option names pass unchanged), critical options, validity order. */
import { BadRequestError, CRITICAL_OPTION_RULE, DEFAULT_SSH_EXTENSIONS, NotFoundError, VALIDITY_ORDER_RULE } from "../../../sdk";
import { SSH_PUBLIC_KEY_RULE } from "../../../sdk/core/crypto";
import { readSshCertificate, sshKeygenList, sshPublicKey } from "../../support/pki";
import { useEmulator } from "../../support/emulator";
import { expectApiError, expectInvalid } from "../expect";
import { useWire } from "../wire-fixture";
import { list, samples } from "../wire-samples";

const wire = useWire();
const publicKey = sshPublicKey("ecdsa");
const base = { sshCertificateAuthorityId: "sshca_1", publicKey };

describe("on the wire", () => {
  test("create, get, update, list and delete use /ssh_user_certificates; option names pass unchanged", async () => {
    const { sshUserCertificates } = wire.client;
    const criticalOptions = { "force-command": "/usr/bin/true", "source-address": "10.0.0.0/8" };
    const extensions = { "permit-X11-forwarding": "", permit_custom: "v" };
    wire.reply(201, samples.sshUserCertificate({ critical_options: criticalOptions, extensions }));
    const created = await sshUserCertificates.create({
      ...base,
      principals: ["alice"],
      criticalOptions,
      extensions,
      validAfter: "2025-01-01T00:00:00Z",
      validUntil: "2025-01-02T00:00:00+01:00",
    });
    expect(wire.last()).toEqual({
      method: "POST",
      path: "/ssh_user_certificates",
      body: {
        ssh_certificate_authority_id: "sshca_1",
        public_key: publicKey,
        principals: ["alice"],
        critical_options: criticalOptions,
        extensions,
        valid_after: "2025-01-01T00:00:00Z",
        valid_until: "2025-01-02T00:00:00+01:00",
      },
    });
    expect(created).toEqual({
      id: "sucrt_1",
      uri: expect.any(String),
      createdAt: expect.any(String),
      description: "",
      metadata: "",
      publicKey: "ssh-ed25519 AAAA",
      keyType: "ed25519",
      sshCertificateAuthorityId: "sshca_1",
      principals: ["alice"],
      criticalOptions,
      extensions,
      validAfter: expect.any(String),
      validUntil: expect.any(String),
      certificate: expect.stringMatching(/^ssh-ed25519-cert-v01@openssh.com /),
    });

    wire.reply(200, samples.sshUserCertificate());
    await sshUserCertificates.get("sucrt_1");
    expect(wire.last()).toMatchObject({ method: "GET", path: "/ssh_user_certificates/sucrt_1" });
    await sshUserCertificates.update("sucrt_1", { metadata: "m" });
    expect(wire.last()).toEqual({ method: "PATCH", path: "/ssh_user_certificates/sucrt_1", body: { metadata: "m" } });

    wire.reply(200, list("ssh_user_certificates", [samples.sshUserCertificate()]));
    expect(await sshUserCertificates.list().toArray()).toHaveLength(1);

    wire.reply(204);
    await sshUserCertificates.delete("sucrt_1");
    expect(wire.last()).toMatchObject({ method: "DELETE", path: "/ssh_user_certificates/sucrt_1" });
  });

  test("unset principals, options and extensions read as empty", async () => {
    wire.reply(200, samples.sshUserCertificate({ principals: null, critical_options: null, extensions: undefined }));
    expect(await wire.client.sshUserCertificates.get("sucrt_1")).toMatchObject({ principals: [], criticalOptions: {}, extensions: {} });
  });
});

describe("client-side validation", () => {
  test.each([
    ["no authority", { publicKey }, "sshCertificateAuthorityId", "is required"],
    [
      "an authority id of another kind",
      { ...base, sshCertificateAuthorityId: "ca_1" },
      "sshCertificateAuthorityId",
      'must be an id starting with "sshca_"',
    ],
    ["no public key", { sshCertificateAuthorityId: "sshca_1" }, "publicKey", "is required"],
    ["a certificate as the public key", { ...base, publicKey: "ssh-ed25519-cert-v01@openssh.com AAAA" }, "publicKey", SSH_PUBLIC_KEY_RULE],
    ["an empty principal", { ...base, principals: ["alice", ""] }, "principals[1]", "must not be empty"],
    [
      "an unknown critical option",
      { ...base, criticalOptions: { "force-command": "ls", "no-touch-required": "" } },
      "criticalOptions.no-touch-required",
      CRITICAL_OPTION_RULE,
    ],
    [
      "a non-string option value",
      { ...base, criticalOptions: { "force-command": 1 } },
      "criticalOptions.force-command",
      "must be a string",
    ],
    ["an empty extension name", { ...base, extensions: { "": "" } }, "extensions", "keys must not be empty"],
    ["a date without time", { ...base, validAfter: "2025-01-01" }, "validAfter", "must be an RFC 3339 timestamp with a time zone"],
    ["a time without zone", { ...base, validUntil: "2025-01-01T00:00:00" }, "validUntil", "must be an RFC 3339 timestamp with a time zone"],
    [
      "validUntil equal to validAfter",
      { ...base, validAfter: "2025-01-01T00:00:00Z", validUntil: "2025-01-01T01:00:00+01:00" },
      "validUntil",
      VALIDITY_ORDER_RULE,
    ],
    [
      "validUntil before validAfter",
      { ...base, validAfter: "2025-01-02T00:00:00Z", validUntil: "2025-01-01T00:00:00Z" },
      "validUntil",
      VALIDITY_ORDER_RULE,
    ],
  ])("create with %s", async (_label, params, field, rule) => {
    const before = wire.count();
    await expectInvalid(wire.client.sshUserCertificates.create(params as never), field, rule);
    expect(wire.count()).toBe(before);
  });

  test("empty extensions are sent as given (no extensions granted)", async () => {
    wire.reply(201, samples.sshUserCertificate({ extensions: {} }));
    await wire.client.sshUserCertificates.create({ ...base, extensions: {} });
    expect(wire.last().body).toEqual({ ssh_certificate_authority_id: "sshca_1", public_key: publicKey, extensions: {} });
  });

  test.each([
    ["publicKey", publicKey],
    ["sshCertificateAuthorityId", "sshca_2"],
    ["principals", ["bob"]],
    ["criticalOptions", {}],
    ["extensions", {}],
    ["validAfter", "2025-01-01T00:00:00Z"],
    ["validUntil", "2025-01-01T00:00:00Z"],
  ])("update: %s cannot change after creation", async (field, value) => {
    await expectInvalid(
      wire.client.sshUserCertificates.update("sucrt_1", { [field]: value } as never),
      field,
      "cannot be changed after creation",
    );
  });
});

describe("against the emulator", () => {
  const emu = useEmulator();
  const HOUR = 3_600_000;

  async function authority(privateKeyType: "ed25519" | "ecdsa" | "rsa" = "ed25519") {
    return emu.client.sshCertificateAuthorities.create(privateKeyType === "rsa" ? { privateKeyType, keySize: 2048 } : { privateKeyType });
  }

  test("a real certificate signed by the authority, with the given principals, options and times", async () => {
    const ca = await authority("ecdsa");
    const subject = sshPublicKey("ed25519", "alice@laptop");
    const criticalOptions = { "force-command": "/usr/bin/uptime", "source-address": "10.0.0.0/8" };
    const created = await emu.client.sshUserCertificates.create({
      sshCertificateAuthorityId: ca.id,
      publicKey: subject,
      principals: ["alice", "deploy"],
      criticalOptions,
      extensions: { "permit-port-forwarding": "" },
      validAfter: "2030-01-01T00:00:00Z",
      validUntil: "2030-01-02T12:00:00Z",
      description: "alice",
    });
    expect(created).toEqual({
      id: expect.stringMatching(/^sucrt_/),
      uri: expect.stringContaining(created.id),
      createdAt: expect.any(String),
      description: "alice",
      metadata: "",
      publicKey: subject,
      keyType: "ed25519",
      sshCertificateAuthorityId: ca.id,
      principals: ["alice", "deploy"],
      criticalOptions,
      extensions: { "permit-port-forwarding": "" },
      validAfter: "2030-01-01T00:00:00Z",
      validUntil: "2030-01-02T12:00:00Z",
      certificate: expect.stringMatching(/^ssh-ed25519-cert-v01@openssh\.com AAAA/),
    });

    const read = readSshCertificate(created.certificate, ca.publicKey);
    expect(read).toEqual({
      signedByCa: true,
      subjectKey: subject.split(" ").slice(0, 2).join(" "),
      principals: ["alice", "deploy"],
      validFrom: "2030-01-01T00:00:00.000Z",
      validUntil: "2030-01-02T12:00:00.000Z",
      criticalOptions: expect.arrayContaining(["force-command", "source-address"]),
      extensions: ["permit-port-forwarding"],
    });
    // A certificate is not a public key.
    await expectInvalid(
      emu.client.sshUserCertificates.create({ ...base, publicKey: created.certificate }),
      "publicKey",
      SSH_PUBLIC_KEY_RULE,
    );
    // Not signed by another authority.
    expect(readSshCertificate(created.certificate, (await authority("ecdsa")).publicKey).signedByCa).toBe(false);

    const listed = sshKeygenList(created.certificate);
    if (listed !== null) {
      expect(listed).toContain("Type: ssh-ed25519-cert-v01@openssh.com user certificate");
      expect(listed).toMatch(/Signing CA: ECDSA /);
      expect(listed).toMatch(/Principals: \n\s+alice\n\s+deploy\n/);
      expect(listed).toMatch(/force-command \/usr\/bin\/uptime/);
      expect(listed).toMatch(/source-address 10\.0\.0\.0\/8/);
      expect(listed).toMatch(/Extensions: \n\s+permit-port-forwarding\n/);
    }
  });

  test("defaults: permit-pty and permit-user-rc, valid from now for 24 hours", async () => {
    const ca = await authority();
    const created = await emu.client.sshUserCertificates.create({ sshCertificateAuthorityId: ca.id, publicKey: sshPublicKey("rsa") });
    expect(created).toMatchObject({ keyType: "rsa", principals: [], criticalOptions: {}, extensions: DEFAULT_SSH_EXTENSIONS });
    expect(Date.parse(created.validUntil) - Date.parse(created.validAfter)).toBe(24 * HOUR);
    const read = readSshCertificate(created.certificate, ca.publicKey);
    expect(read.signedByCa).toBe(true);
    expect(read.extensions.sort()).toEqual(["permit-pty", "permit-user-rc"]);
    expect(Date.parse(read.validUntil)).toBe(Date.parse(created.validUntil));
  });

  test("get, update, list, delete", async () => {
    const { sshUserCertificates } = emu.client;
    const ca = await authority();
    const created = await sshUserCertificates.create({
      sshCertificateAuthorityId: ca.id,
      publicKey: sshPublicKey("ecdsa"),
      principals: ["bob"],
    });
    await expect(sshUserCertificates.get(created.id)).resolves.toEqual(created);
    const updated = await sshUserCertificates.update(created.id, { description: "bob", metadata: "m" });
    expect(updated).toEqual({ ...created, description: "bob", metadata: "m" });
    expect(await sshUserCertificates.list().toArray()).toContainEqual(updated);
    await sshUserCertificates.delete(created.id);
    await expectApiError(sshUserCertificates.get(created.id), NotFoundError, "NOT_FOUND");
  });

  describe("the service's own checks (client validation bypassed)", () => {
    test("an unknown critical option → BadRequestError INVALID_FIELD naming it", async () => {
      const ca = await authority();
      const body = { sshCertificateAuthorityId: ca.id, publicKey, criticalOptions: { "no-touch-required": "" } };
      await expectApiError(
        emu.client.post("/ssh_user_certificates", { body }),
        BadRequestError,
        "INVALID_FIELD",
        "criticalOptions.no-touch-required",
      );
    });

    test("validUntil before validAfter → BadRequestError INVALID_FIELD on validUntil", async () => {
      const ca = await authority();
      const body = { sshCertificateAuthorityId: ca.id, publicKey, validAfter: "2030-01-02T00:00:00Z", validUntil: "2030-01-01T00:00:00Z" };
      await expectApiError(emu.client.post("/ssh_user_certificates", { body }), BadRequestError, "INVALID_FIELD", "validUntil");
    });

    test("an authority that does not exist → BadRequestError INVALID_FIELD", async () => {
      await expectApiError(
        emu.client.sshUserCertificates.create({ sshCertificateAuthorityId: "sshca_00000000000000000000000000", publicKey }),
        BadRequestError,
        "INVALID_FIELD",
        "sshCertificateAuthorityId",
      );
    });

    test("principals on update → BadRequestError IMMUTABLE_FIELD", async () => {
      const ca = await authority();
      const { id } = await emu.client.sshUserCertificates.create({ sshCertificateAuthorityId: ca.id, publicKey });
      await expectApiError(
        emu.client.patch(`/ssh_user_certificates/${id}`, { body: { principals: ["root"] } }),
        BadRequestError,
        "IMMUTABLE_FIELD",
        "principals",
      );
    });
  });
});
