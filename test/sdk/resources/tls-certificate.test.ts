/** TLS certificates: wire shape, chain order, the private key's rules, and that the key never comes back or shows. */
import { inspect } from "node:util";
import { APIError, BadRequestError, NotFoundError, ValidationError, parseParams, TlsCertificateCreateParams } from "../../../sdk";
import { ENCRYPTED_KEY_RULE, KEY_MISMATCH_RULE, PEM_RULE, PRIVATE_KEY_RULE, PRIVATE_KEY_TYPE_RULE } from "../../../sdk/core/crypto";
import { rejection } from "../../support/assert";
import { certificate, chain, keyPair, privateKeyPem } from "../../support/pki";
import { useEmulator } from "../../support/emulator";
import { expectApiError, expectInvalid } from "../expect";
import { useWire } from "../wire-fixture";
import { list, samples } from "../wire-samples";

const wire = useWire();
const c = chain();
const leafKey = privateKeyPem(c.leaf.privateKey);

/** Every line of a PEM body (the base64), so a test can look for any fragment of a key. */
const bodyLines = (pem: string) => pem.split(/\r?\n/).filter((line) => line !== "" && !line.startsWith("-----"));

describe("on the wire", () => {
  test("create sends the chain and the key; get, update, list and delete use /tls_certificates", async () => {
    const { tlsCertificates } = wire.client;
    wire.reply(201, samples.tlsCertificate());
    const created = await tlsCertificates.create({ certificatePem: c.chainPem, privateKeyPem: leafKey, metadata: "m" });
    expect(wire.last()).toEqual({
      method: "POST",
      path: "/tls_certificates",
      body: { certificate_pem: c.chainPem, private_key_pem: leafKey, metadata: "m" },
    });
    expect(created).toEqual({
      id: "cert_1",
      uri: expect.any(String),
      createdAt: expect.any(String),
      description: "",
      metadata: "",
      certificatePem: expect.any(String),
      subjectCommonName: "app.example.com",
      subjectAlternativeNames: { dnsNames: ["app.example.com"], ips: [] },
      issuedAt: null,
      notBefore: expect.any(String),
      notAfter: expect.any(String),
      keyUsages: ["digital_signature"],
      extendedKeyUsages: ["server_auth"],
      privateKeyType: "ecdsa",
      issuerCommonName: "Test Intermediate CA",
      serialNumber: "1a2b",
      subjectOrganization: "",
      subjectOrganizationalUnit: "",
      subjectLocality: "",
      subjectProvince: "",
      subjectCountry: "",
    });

    wire.reply(200, samples.tlsCertificate());
    await tlsCertificates.get("cert_1");
    expect(wire.last()).toMatchObject({ method: "GET", path: "/tls_certificates/cert_1" });
    await tlsCertificates.update("cert_1", { description: "d" });
    expect(wire.last()).toEqual({ method: "PATCH", path: "/tls_certificates/cert_1", body: { description: "d" } });

    wire.reply(200, list("tls_certificates", [samples.tlsCertificate()]));
    expect(await tlsCertificates.list().toArray()).toHaveLength(1);
    expect(wire.last()).toMatchObject({ method: "GET", path: "/tls_certificates" });

    wire.reply(204);
    await tlsCertificates.delete("cert_1");
    expect(wire.last()).toMatchObject({ method: "DELETE", path: "/tls_certificates/cert_1" });
  });

  test("a private key in a response is dropped, never surfaced", async () => {
    wire.reply(200, samples.tlsCertificate({ private_key_pem: leafKey }));
    const read = await wire.client.tlsCertificates.get("cert_1");
    expect(read).not.toHaveProperty("privateKeyPem");
    expect(JSON.stringify(read)).not.toContain(bodyLines(leafKey)[1]);
  });

  test("an issued certificate reads its issue time; absent subject fields read as empty", async () => {
    const {
      subject_country: _c,
      subject_locality: _l,
      ...bare
    } = samples.tlsCertificate({ issued_at: "2025-02-01T00:00:00Z", subject_alternative_names: null });
    wire.reply(200, bare);
    expect(await wire.client.tlsCertificates.get("cert_1")).toMatchObject({
      issuedAt: "2025-02-01T00:00:00Z",
      subjectCountry: "",
      subjectLocality: "",
      subjectAlternativeNames: { dnsNames: [], ips: [] },
    });
  });
});

describe("client-side validation", () => {
  const other = certificate({ subject: { CN: "other" } });
  test.each([
    ["no chain", { privateKeyPem: leafKey }, "certificatePem", "is required"],
    ["no key", { certificatePem: c.chainPem }, "privateKeyPem", "is required"],
    ["a chain that is not PEM", { certificatePem: "cert", privateKeyPem: leafKey }, "certificatePem", PEM_RULE],
    [
      "a chain root first",
      { certificatePem: c.root.pem + c.intermediate.pem + c.leaf.pem, privateKeyPem: leafKey },
      "certificatePem",
      "certificate 0 must be issued by certificate 1 (leaf first)",
    ],
    [
      "an intermediate missing from the chain",
      { certificatePem: c.leaf.pem + c.root.pem, privateKeyPem: leafKey },
      "certificatePem",
      "certificate 0 must be issued by certificate 1 (leaf first)",
    ],
    [
      "an unrelated certificate at the end",
      { certificatePem: c.chainPem + other.pem, privateKeyPem: leafKey },
      "certificatePem",
      "certificate 2 must be issued by certificate 3 (leaf first)",
    ],
    [
      "a key block inside the chain",
      { certificatePem: c.leaf.pem + leafKey, privateKeyPem: leafKey },
      "certificatePem",
      "block 1 must be a CERTIFICATE",
    ],
    [
      "the intermediate's key",
      { certificatePem: c.chainPem, privateKeyPem: privateKeyPem(c.intermediate.privateKey) },
      "privateKeyPem",
      KEY_MISMATCH_RULE,
    ],
    ["a key that is not PEM", { certificatePem: c.chainPem, privateKeyPem: "secret" }, "privateKeyPem", PRIVATE_KEY_RULE],
    ["two keys", { certificatePem: c.chainPem, privateKeyPem: leafKey + leafKey }, "privateKeyPem", PRIVATE_KEY_RULE],
    ["a certificate as key", { certificatePem: c.chainPem, privateKeyPem: c.leaf.pem }, "privateKeyPem", PRIVATE_KEY_RULE],
    [
      "a corrupt key",
      { certificatePem: c.chainPem, privateKeyPem: leafKey.replace(bodyLines(leafKey)[1], "AAAA") },
      "privateKeyPem",
      PRIVATE_KEY_RULE,
    ],
    [
      "an encrypted PKCS#8 key",
      {
        certificatePem: c.chainPem,
        privateKeyPem: c.leaf.privateKey.export({ type: "pkcs8", format: "pem", cipher: "aes-256-cbc", passphrase: "pw" }),
      },
      "privateKeyPem",
      ENCRYPTED_KEY_RULE,
    ],
    [
      "an Ed448 key",
      { certificatePem: c.chainPem, privateKeyPem: privateKeyPem(keyPair("ed448").privateKey) },
      "privateKeyPem",
      PRIVATE_KEY_TYPE_RULE,
    ],
    [
      "the key as a certificate field",
      { certificatePem: c.chainPem, privateKeyPem: leafKey, privateKey: leafKey },
      "privateKey",
      "is not a known field",
    ],
  ])("create with %s", async (_label, params, field, rule) => {
    const before = wire.count();
    await expectInvalid(wire.client.tlsCertificates.create(params as never), field, rule);
    expect(wire.count()).toBe(before);
  });

  test("an encrypted legacy RSA key is refused as encrypted", () => {
    const rsa = certificate({ keyType: "rsa" });
    const legacy = rsa.privateKey.export({ type: "pkcs1", format: "pem", cipher: "aes-256-cbc", passphrase: "pw" }).toString();
    expect(() => parseParams(TlsCertificateCreateParams, { certificatePem: rsa.pem, privateKeyPem: legacy })).toThrow(ENCRYPTED_KEY_RULE);
  });

  test.each([
    ["an RSA leaf, PKCS#1 key", "rsa", "pkcs1"],
    ["an ECDSA leaf, SEC1 key", "ecdsa", "sec1"],
    ["an Ed25519 leaf, PKCS#8 key", "ed25519", "pkcs8"],
  ] as const)("accepts %s", (_label, keyType, format) => {
    const leaf = chain({ keyType }).leaf;
    const key = leaf.privateKey.export({ type: format, format: "pem" }).toString();
    expect(parseParams(TlsCertificateCreateParams, { certificatePem: leaf.pem, privateKeyPem: key })).toEqual({
      certificatePem: leaf.pem,
      privateKeyPem: key,
    });
  });

  test("a bad chain is reported on the chain alone, not also as a key mismatch", () => {
    const err = (() => {
      try {
        parseParams(TlsCertificateCreateParams, { certificatePem: "garbage", privateKeyPem: leafKey });
      } catch (e) {
        return e as ValidationError;
      }
      throw new Error("expected a ValidationError");
    })();
    expect(err.issues).toEqual([{ field: "certificatePem", rule: PEM_RULE }]);
  });

  test("no error carries any part of the private key", async () => {
    const wrongKey = privateKeyPem(c.root.privateKey);
    for (const params of [
      { certificatePem: c.chainPem, privateKeyPem: wrongKey },
      { certificatePem: c.chainPem, privateKeyPem: `${wrongKey}trailing` },
      { certificatePem: wrongKey, privateKeyPem: wrongKey },
    ]) {
      const err = await rejection(wire.client.tlsCertificates.create(params));
      expect(err).toBeInstanceOf(ValidationError);
      const shown = [String(err), JSON.stringify(err), inspect(err, { depth: 10 }), JSON.stringify((err as ValidationError).issues)].join(
        "\n",
      );
      for (const line of bodyLines(wrongKey)) expect(shown).not.toContain(line);
    }
  });

  test("the chain and key cannot change after creation", async () => {
    await expectInvalid(
      wire.client.tlsCertificates.update("cert_1", { privateKeyPem: leafKey } as never),
      "privateKeyPem",
      "cannot be changed after creation",
    );
    await expectInvalid(
      wire.client.tlsCertificates.update("cert_1", { certificatePem: c.chainPem } as never),
      "certificatePem",
      "cannot be changed after creation",
    );
  });
});

describe("against the emulator", () => {
  const emu = useEmulator();
  const real = chain({
    keyType: "rsa",
    subject: { CN: "shop.example.com", O: "Example Shop", OU: "Web", L: "Lyon", ST: "Rhone", C: "FR" },
    dnsNames: ["shop.example.com", "*.shop.example.com"],
    ips: ["192.0.2.10"],
    keyUsages: ["digital_signature", "key_encipherment"],
    extendedKeyUsages: ["1.3.6.1.5.5.7.3.1"],
    notBefore: new Date("2025-05-01T00:00:00Z"),
    notAfter: new Date("2026-05-01T00:00:00Z"),
  });
  const key = privateKeyPem(real.leaf.privateKey);

  test("create reports the leaf's fields and never the key; get, update, list, delete", async () => {
    const { tlsCertificates } = emu.client;
    const created = await tlsCertificates.create({ certificatePem: real.chainPem, privateKeyPem: key, description: "shop" });
    expect(created).toEqual({
      id: expect.stringMatching(/^cert_/),
      uri: expect.stringContaining(created.id),
      createdAt: expect.any(String),
      description: "shop",
      metadata: "",
      certificatePem: real.chainPem,
      subjectCommonName: "shop.example.com",
      subjectAlternativeNames: { dnsNames: ["shop.example.com", "*.shop.example.com"], ips: ["192.0.2.10"] },
      issuedAt: null,
      notBefore: "2025-05-01T00:00:00Z",
      notAfter: "2026-05-01T00:00:00Z",
      keyUsages: expect.arrayContaining(["digital_signature", "key_encipherment"]),
      extendedKeyUsages: ["server_auth"],
      privateKeyType: "rsa",
      issuerCommonName: "Test Intermediate CA",
      serialNumber: real.leaf.serialHex,
      subjectOrganization: "Example Shop",
      subjectOrganizationalUnit: "Web",
      subjectLocality: "Lyon",
      subjectProvince: "Rhone",
      subjectCountry: "FR",
    });
    await expect(tlsCertificates.get(created.id)).resolves.toEqual(created);

    // The raw bodies too: no field holds the key, under any name.
    const raw = [await emu.client.get(`/tls_certificates/${created.id}`), await emu.client.get("/tls_certificates")];
    for (const line of bodyLines(key)) expect(JSON.stringify(raw)).not.toContain(line);

    const updated = await tlsCertificates.update(created.id, { description: "renamed" });
    expect(updated).toEqual({ ...created, description: "renamed" });
    expect(await tlsCertificates.list().toArray()).toContainEqual(updated);

    await tlsCertificates.delete(created.id);
    await expectApiError(tlsCertificates.get(created.id), NotFoundError, "NOT_FOUND");
  });

  test.each(["ecdsa", "ed25519"] as const)("a %s leaf reports its key type; absent subject fields are empty", async (keyType) => {
    const c2 = chain({ keyType });
    const created = await emu.client.tlsCertificates.create({
      certificatePem: c2.chainPem,
      privateKeyPem: privateKeyPem(c2.leaf.privateKey),
    });
    expect(created).toMatchObject({
      privateKeyType: keyType,
      subjectOrganization: "",
      subjectCountry: "",
      keyUsages: [],
      extendedKeyUsages: [],
    });
  });

  describe("the service's own checks (client validation bypassed)", () => {
    test("a chain root first → BadRequestError INVALID_FIELD on certificatePem", async () => {
      const body = { certificatePem: real.root.pem + real.intermediate.pem + real.leaf.pem, privateKeyPem: key };
      await expectApiError(emu.client.post("/tls_certificates", { body }), BadRequestError, "INVALID_FIELD", "certificatePem");
    });

    test("another key → BadRequestError INVALID_FIELD on privateKeyPem, the key quoted nowhere", async () => {
      const wrong = privateKeyPem(real.intermediate.privateKey);
      const err = await expectApiError(
        emu.client.post("/tls_certificates", { body: { certificatePem: real.chainPem, privateKeyPem: wrong } }),
        BadRequestError,
        "INVALID_FIELD",
        "privateKeyPem",
      );
      const shown = [String(err), JSON.stringify(err), inspect(err, { depth: 10 }), JSON.stringify((err as APIError).details)].join("\n");
      for (const line of bodyLines(wrong)) expect(shown).not.toContain(line);
    });

    test("a key that is not PEM → INVALID_FIELD on privateKeyPem, not quoted", async () => {
      const err = await expectApiError(
        emu.client.post("/tls_certificates", { body: { certificatePem: real.chainPem, privateKeyPem: "secret-key-material" } }),
        BadRequestError,
        "INVALID_FIELD",
        "privateKeyPem",
      );
      expect(String(err)).not.toContain("secret-key-material");
    });

    test("the key on update → BadRequestError IMMUTABLE_FIELD", async () => {
      const { id } = await emu.client.tlsCertificates.create({ certificatePem: real.leaf.pem, privateKeyPem: key });
      await expectApiError(
        emu.client.patch(`/tls_certificates/${id}`, { body: { privateKeyPem: key } }),
        BadRequestError,
        "IMMUTABLE_FIELD",
        "privateKeyPem",
      );
    });
  });
});
