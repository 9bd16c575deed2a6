/** Certificate authorities: wire shape, the one-certificate PEM rule, the fixed certificate. */
import { X509Certificate } from "node:crypto";
import { BadRequestError, ConflictError, NotFoundError } from "../../../sdk";
import { PEM_RULE, ONE_CERTIFICATE_RULE } from "../../../sdk/core/crypto";
import { certificate, privateKeyPem } from "../../support/pki";
import { useEmulator } from "../../support/emulator";
import { expectApiError, expectInvalid } from "../expect";
import { useWire } from "../wire-fixture";
import { list, samples } from "../wire-samples";

const wire = useWire();
const ca = certificate({ subject: { CN: "Test Root CA" }, ca: true });

describe("on the wire", () => {
  test("create, get, update, list and delete use /certificate_authorities", async () => {
    const { certificateAuthorities } = wire.client;
    wire.reply(201, samples.certificateAuthority());
    const created = await certificateAuthorities.create({ caPem: ca.pem, description: "root" });
    expect(wire.last()).toEqual({ method: "POST", path: "/certificate_authorities", body: { ca_pem: ca.pem, description: "root" } });
    expect(created).toEqual({
      id: "ca_1",
      uri: expect.any(String),
      createdAt: expect.any(String),
      description: "",
      metadata: "",
      caPem: expect.any(String),
      subjectCommonName: "Test Root CA",
      notBefore: expect.any(String),
      notAfter: expect.any(String),
      keyUsages: ["cert_sign", "crl_sign"],
      extendedKeyUsages: [],
    });

    wire.reply(200, samples.certificateAuthority());
    await certificateAuthorities.get("ca_1");
    expect(wire.last()).toMatchObject({ method: "GET", path: "/certificate_authorities/ca_1" });
    await certificateAuthorities.update("ca_1", { metadata: "m" });
    expect(wire.last()).toEqual({ method: "PATCH", path: "/certificate_authorities/ca_1", body: { metadata: "m" } });

    wire.reply(200, list("certificate_authorities", [samples.certificateAuthority()]));
    expect(await certificateAuthorities.list({ limit: 2 }).toArray()).toHaveLength(1);
    expect(wire.last()).toMatchObject({ method: "GET", path: "/certificate_authorities?limit=2" });

    wire.reply(204);
    await certificateAuthorities.delete("ca_1");
    expect(wire.last()).toMatchObject({ method: "DELETE", path: "/certificate_authorities/ca_1" });
  });

  test("absent or null usages read as empty lists", async () => {
    wire.reply(200, samples.certificateAuthority({ key_usages: null, extended_key_usages: undefined }));
    expect(await wire.client.certificateAuthorities.get("ca_1")).toMatchObject({ keyUsages: [], extendedKeyUsages: [] });
  });
});

describe("client-side validation", () => {
  const body = ca.pem.split("\n").slice(1, -2).join("\n");
  test.each([
    ["no PEM", { caPem: undefined }, "caPem", "is required"],
    ["text that is not PEM", { caPem: "hello" }, "caPem", PEM_RULE],
    ["an empty text", { caPem: "" }, "caPem", PEM_RULE],
    ["text after the certificate", { caPem: `${ca.pem}trailing` }, "caPem", PEM_RULE],
    ["text before the certificate", { caPem: `subject=CN\n${ca.pem}` }, "caPem", PEM_RULE],
    ["an unterminated block", { caPem: ca.pem.replace("-----END CERTIFICATE-----\n", "") }, "caPem", PEM_RULE],
    ["two certificates", { caPem: ca.pem + certificate().pem }, "caPem", ONE_CERTIFICATE_RULE],
    ["a private key", { caPem: privateKeyPem(ca.privateKey) }, "caPem", "block 0 must be a CERTIFICATE"],
    [
      "a corrupt certificate",
      { caPem: `-----BEGIN CERTIFICATE-----\n${body.slice(0, 200)}\n-----END CERTIFICATE-----\n` },
      "caPem",
      "certificate 0 is not a valid X.509 certificate",
    ],
    [
      "a 256-byte description",
      { caPem: ca.pem, description: "d".repeat(256) },
      "description",
      "must be at most 255 bytes (UTF-8), got 256 bytes",
    ],
    ["a wire-cased field", { caPem: ca.pem, ca_pem: ca.pem }, "ca_pem", "is not a known field"],
  ])("create with %s", async (_label, params, field, rule) => {
    const before = wire.count();
    await expectInvalid(wire.client.certificateAuthorities.create(params as never), field, rule);
    expect(wire.count()).toBe(before);
  });

  test("surrounding whitespace and CRLF line ends are accepted", async () => {
    wire.reply(201, samples.certificateAuthority());
    await wire.client.certificateAuthorities.create({ caPem: `\n  ${ca.pem.replace(/\n/g, "\r\n")}\n\n` });
    expect(wire.last().method).toBe("POST");
  });

  test("the certificate cannot change after creation", async () => {
    await expectInvalid(
      wire.client.certificateAuthorities.update("ca_1", { caPem: ca.pem } as never),
      "caPem",
      "cannot be changed after creation",
    );
  });
});

describe("against the emulator", () => {
  const emu = useEmulator();
  const root = certificate({
    subject: { CN: "Edge Test Root", O: "Test" },
    ca: true,
    keyType: "rsa",
    keyUsages: ["cert_sign", "crl_sign", "digital_signature"],
    extendedKeyUsages: ["1.3.6.1.5.5.7.3.2", "1.2.3.4.5"],
    notBefore: new Date("2025-03-01T10:00:00Z"),
    notAfter: new Date("2035-03-01T10:00:00Z"),
  });

  test("create reads the certificate's fields; get, update, list, delete", async () => {
    const { certificateAuthorities } = emu.client;
    const created = await certificateAuthorities.create({ caPem: root.pem, description: "root" });
    expect(created).toEqual({
      id: expect.stringMatching(/^ca_/),
      uri: expect.stringContaining(created.id),
      createdAt: expect.any(String),
      description: "root",
      metadata: "",
      caPem: root.pem,
      subjectCommonName: "Edge Test Root",
      notBefore: "2025-03-01T10:00:00Z",
      notAfter: "2035-03-01T10:00:00Z",
      keyUsages: expect.arrayContaining(["digital_signature", "cert_sign", "crl_sign"]),
      extendedKeyUsages: ["client_auth", "1.2.3.4.5"],
    });
    expect(created.keyUsages).toHaveLength(3);
    expect(new X509Certificate(created.caPem).subject).toContain("CN=Edge Test Root");
    await expect(certificateAuthorities.get(created.id)).resolves.toEqual(created);

    const updated = await certificateAuthorities.update(created.id, { metadata: "m" });
    expect(updated).toEqual({ ...created, metadata: "m" });
    expect(await certificateAuthorities.list().toArray()).toContainEqual(updated);

    await certificateAuthorities.delete(created.id);
    await expectApiError(certificateAuthorities.get(created.id), NotFoundError, "NOT_FOUND");
  });

  test("a CA a mutual TLS module names cannot be deleted → ConflictError", async () => {
    const { id } = await emu.client.certificateAuthorities.create({ caPem: root.pem });
    const edge = await emu.client.tlsEdges.create({ hostports: ["mtls-ca.example.com:443"], mutualTls: { certificateAuthorityIds: [id] } });
    await expectApiError(emu.client.certificateAuthorities.delete(id), ConflictError, "CONFLICT");
    await emu.client.tlsEdges.deleteModule(edge.id, "mutualTls");
    await emu.client.certificateAuthorities.delete(id);
  });

  describe("the service's own checks (client validation bypassed)", () => {
    test.each([
      ["two certificates", root.pem + root.pem],
      ["trailing text", `${root.pem}x`],
      ["not PEM", "hello"],
    ])("%s → BadRequestError INVALID_FIELD on caPem", async (_label, caPem) => {
      await expectApiError(emu.client.post("/certificate_authorities", { body: { caPem } }), BadRequestError, "INVALID_FIELD", "caPem");
    });

    test("caPem on update → BadRequestError IMMUTABLE_FIELD", async () => {
      const { id } = await emu.client.certificateAuthorities.create({ caPem: root.pem });
      await expectApiError(
        emu.client.patch(`/certificate_authorities/${id}`, { body: { caPem: root.pem } }),
        BadRequestError,
        "IMMUTABLE_FIELD",
        "caPem",
      );
    });
  });
});
