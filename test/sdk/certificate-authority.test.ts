/** Certificate authorities: wire shape, the one-certificate PEM rule, the fixed certificate. */
import { PEM_RULE, ONE_CERTIFICATE_RULE } from "../../sdk/core/crypto";
import { certificate, privateKeyPem } from "./crypto-fixture";
import { expectInvalid } from "./emulator-fixture";
import { useWire } from "./wire-fixture";
import { list, samples } from "./wire-samples";

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
    ["a corrupt certificate", { caPem: `-----BEGIN CERTIFICATE-----\n${body.slice(0, 200)}\n-----END CERTIFICATE-----\n` }, "caPem", "certificate 0 is not a valid X.509 certificate"],
    ["a 256-byte description", { caPem: ca.pem, description: "d".repeat(256) }, "description", "must be at most 255 bytes (UTF-8)"],
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
    await expectInvalid(wire.client.certificateAuthorities.update("ca_1", { caPem: ca.pem } as never), "caPem", "cannot be changed after creation");
  });
});
