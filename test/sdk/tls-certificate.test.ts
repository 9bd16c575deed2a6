/** TLS certificates: wire shape, chain order, the private key's rules, and that the key never comes back or shows. */
import { inspect } from "node:util";
import { ValidationError, parseParams, TlsCertificateCreateParams } from "../../sdk";
import { ENCRYPTED_KEY_RULE, KEY_MISMATCH_RULE, PEM_RULE, PRIVATE_KEY_RULE, PRIVATE_KEY_TYPE_RULE } from "../../sdk/core/crypto";
import { rejection } from "../helpers/assert";
import { certificate, chain, keyPair, privateKeyPem } from "./crypto-fixture";
import { expectInvalid } from "./emulator-fixture";
import { useWire } from "./wire-fixture";
import { list, samples } from "./wire-samples";

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
    expect(wire.last()).toEqual({ method: "POST", path: "/tls_certificates", body: { certificate_pem: c.chainPem, private_key_pem: leafKey, metadata: "m" } });
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
    const { subject_country: _c, subject_locality: _l, ...bare } = samples.tlsCertificate({ issued_at: "2025-02-01T00:00:00Z", subject_alternative_names: null });
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
    ["a chain root first", { certificatePem: c.root.pem + c.intermediate.pem + c.leaf.pem, privateKeyPem: leafKey }, "certificatePem", "certificate 0 must be issued by certificate 1 (leaf first)"],
    ["an intermediate missing from the chain", { certificatePem: c.leaf.pem + c.root.pem, privateKeyPem: leafKey }, "certificatePem", "certificate 0 must be issued by certificate 1 (leaf first)"],
    ["an unrelated certificate at the end", { certificatePem: c.chainPem + other.pem, privateKeyPem: leafKey }, "certificatePem", "certificate 2 must be issued by certificate 3 (leaf first)"],
    ["a key block inside the chain", { certificatePem: c.leaf.pem + leafKey, privateKeyPem: leafKey }, "certificatePem", "block 1 must be a CERTIFICATE"],
    ["the intermediate's key", { certificatePem: c.chainPem, privateKeyPem: privateKeyPem(c.intermediate.privateKey) }, "privateKeyPem", KEY_MISMATCH_RULE],
    ["a key that is not PEM", { certificatePem: c.chainPem, privateKeyPem: "secret" }, "privateKeyPem", PRIVATE_KEY_RULE],
    ["two keys", { certificatePem: c.chainPem, privateKeyPem: leafKey + leafKey }, "privateKeyPem", PRIVATE_KEY_RULE],
    ["a certificate as key", { certificatePem: c.chainPem, privateKeyPem: c.leaf.pem }, "privateKeyPem", PRIVATE_KEY_RULE],
    ["a corrupt key", { certificatePem: c.chainPem, privateKeyPem: leafKey.replace(bodyLines(leafKey)[1], "AAAA") }, "privateKeyPem", PRIVATE_KEY_RULE],
    [
      "an encrypted PKCS#8 key",
      { certificatePem: c.chainPem, privateKeyPem: c.leaf.privateKey.export({ type: "pkcs8", format: "pem", cipher: "aes-256-cbc", passphrase: "pw" }) },
      "privateKeyPem",
      ENCRYPTED_KEY_RULE,
    ],
    [
      "an Ed448 key",
      { certificatePem: c.chainPem, privateKeyPem: privateKeyPem(keyPair("ed448").privateKey) },
      "privateKeyPem",
      PRIVATE_KEY_TYPE_RULE,
    ],
    ["the key as a certificate field", { certificatePem: c.chainPem, privateKeyPem: leafKey, privateKey: leafKey }, "privateKey", "is not a known field"],
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
    expect(parseParams(TlsCertificateCreateParams, { certificatePem: leaf.pem, privateKeyPem: key })).toEqual({ certificatePem: leaf.pem, privateKeyPem: key });
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
      const shown = [String(err), JSON.stringify(err), inspect(err, { depth: 10 }), JSON.stringify((err as ValidationError).issues)].join("\n");
      for (const line of bodyLines(wrongKey)) expect(shown).not.toContain(line);
    }
  });

  test("the chain and key cannot change after creation", async () => {
    await expectInvalid(wire.client.tlsCertificates.update("cert_1", { privateKeyPem: leafKey } as never), "privateKeyPem", "cannot be changed after creation");
    await expectInvalid(wire.client.tlsCertificates.update("cert_1", { certificatePem: c.chainPem } as never), "certificatePem", "cannot be changed after creation");
  });
});
