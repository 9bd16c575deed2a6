import { generateKeyPairSync, X509Certificate } from "node:crypto";
import { certificate, type TestKeyType } from "../../support/pki";
import { useEmulator } from "../../support/emulator";
import { expectError, sendOddValues } from "../support";

const emu = useEmulator();
const { api } = emu;

const FIELDS = [
  "id",
  "uri",
  "created_at",
  "description",
  "metadata",
  "certificate_pem",
  "subject_common_name",
  "subject_alternative_names",
  "issued_at",
  "not_before",
  "not_after",
  "key_usages",
  "extended_key_usages",
  "private_key_type",
  "issuer_common_name",
  "serial_number",
  "subject_organization",
  "subject_organizational_unit",
  "subject_locality",
  "subject_province",
  "subject_country",
];

/** Root → intermediate → leaf; the leaf has every subject field, DNS and IP SANs and usages. */
function chain(leafKey: TestKeyType = "ecdsa") {
  const root = certificate({ subject: { CN: "Root CA" }, ca: true, keyUsages: ["cert_sign"], keyType: "rsa" });
  const intermediate = certificate({ subject: { CN: "Issuing CA" }, ca: true, keyUsages: ["cert_sign", "crl_sign"], issuer: root });
  const leaf = certificate({
    subject: { CN: "app.example.com", O: "Example Org", OU: "Platform", L: "Springfield", ST: "Oregon", C: "US" },
    dnsNames: ["app.example.com", "*.app.example.com"],
    ips: ["192.0.2.10", "2001:db8::1"],
    keyUsages: ["digital_signature", "key_encipherment"],
    extendedKeyUsages: ["server_auth", "client_auth"],
    issuer: intermediate,
    keyType: leafKey,
  });
  return { root, intermediate, leaf, pem: leaf.pem + intermediate.pem + root.pem };
}

const keyBody = (pem: string) => pem.split("\n")[1];

describe("TLS certificates", () => {
  test("upload a chain: the leaf's real fields; the private key is never returned", async () => {
    const { leaf, pem } = chain();
    const created = await api.post("/tls_certificates", {
      description: "app",
      metadata: "m",
      certificate_pem: pem,
      private_key_pem: leaf.keyPem,
    });
    expect(created.status).toBe(201);
    const cert = created.body;
    expect(Object.keys(cert)).toEqual(FIELDS);
    const x509 = new X509Certificate(leaf.pem);
    expect(cert).toMatchObject({
      description: "app",
      metadata: "m",
      certificate_pem: pem,
      subject_common_name: "app.example.com",
      subject_alternative_names: { dns_names: ["app.example.com", "*.app.example.com"], ips: ["192.0.2.10", "2001:db8::1"] },
      issued_at: null,
      key_usages: ["digital_signature", "key_encipherment"],
      extended_key_usages: ["server_auth", "client_auth"],
      private_key_type: "ecdsa",
      issuer_common_name: "Issuing CA",
      serial_number: x509.serialNumber.toLowerCase(),
      subject_organization: "Example Org",
      subject_organizational_unit: "Platform",
      subject_locality: "Springfield",
      subject_province: "Oregon",
      subject_country: "US",
    });
    expect(cert.serial_number).toMatch(/^[0-9a-f]+$/);
    expect(new Date(cert.not_before).getTime()).toBe(Math.floor(x509.validFromDate.getTime() / 1000) * 1000);
    expect(new Date(cert.not_after).getTime()).toBe(Math.floor(x509.validToDate.getTime() / 1000) * 1000);

    // Not under another name either: the key's PEM body is in no answer.
    const got = await api.get(`/tls_certificates/${cert.id}`);
    const listed = await api.get("/tls_certificates");
    const updated = await api.patch(`/tls_certificates/${cert.id}`, { metadata: "m2" });
    for (const reply of [created, got, listed, updated]) expect(reply.text).not.toContain(keyBody(leaf.keyPem));
  });

  test.each<TestKeyType>(["rsa", "ecdsa", "ed25519"])("a %s leaf key is reported as such", async (type) => {
    const leaf = certificate({ subject: { CN: `${type}.example.com` }, keyType: type });
    const reply = await api.post("/tls_certificates", { certificate_pem: leaf.pem, private_key_pem: leaf.keyPem });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      private_key_type: type,
      subject_common_name: `${type}.example.com`,
      issuer_common_name: `${type}.example.com`,
      subject_alternative_names: { dns_names: [], ips: [] },
      subject_organization: "",
      subject_country: "",
      key_usages: [],
      extended_key_usages: [],
    });
  });

  test("PKCS#1 and SEC1 private keys are accepted", async () => {
    const rsa = certificate({ keyType: "rsa" });
    const pkcs1 = rsa.privateKey.export({ type: "pkcs1", format: "pem" }) as string;
    expect((await api.post("/tls_certificates", { certificate_pem: rsa.pem, private_key_pem: pkcs1 })).status).toBe(201);
    const ec = certificate({ keyType: "ecdsa" });
    const sec1 = ec.privateKey.export({ type: "sec1", format: "pem" }) as string;
    expect((await api.post("/tls_certificates", { certificate_pem: ec.pem, private_key_pem: sec1 })).status).toBe(201);
  });

  describe("rejections leave state unchanged and never quote the key", () => {
    const { root, intermediate, leaf, pem } = chain();
    const other = chain();
    const encrypted = leaf.privateKey.export({ type: "pkcs8", format: "pem", cipher: "aes-256-cbc", passphrase: "pw" }) as string;
    const cases: Array<[string, Record<string, unknown>, string, string, RegExp?]> = [
      ["missing certificate_pem", { private_key_pem: leaf.keyPem }, "MISSING_FIELD", "certificate_pem"],
      ["missing private_key_pem", { certificate_pem: pem }, "MISSING_FIELD", "private_key_pem"],
      ["certificate_pem not PEM", { certificate_pem: "nope", private_key_pem: leaf.keyPem }, "INVALID_FIELD", "certificate_pem"],
      [
        "trailing garbage",
        { certificate_pem: `${pem}x`, private_key_pem: leaf.keyPem },
        "INVALID_FIELD",
        "certificate_pem",
        /after certificate 2/,
      ],
      [
        "chain not leaf first",
        { certificate_pem: root.pem + intermediate.pem + leaf.pem, private_key_pem: leaf.keyPem },
        "INVALID_FIELD",
        "certificate_pem",
        /certificate 0 is not issued by certificate 1/,
      ],
      [
        "a gap in the chain",
        { certificate_pem: leaf.pem + root.pem, private_key_pem: leaf.keyPem },
        "INVALID_FIELD",
        "certificate_pem",
        /certificate 0/,
      ],
      [
        "an intermediate of another chain",
        { certificate_pem: leaf.pem + intermediate.pem + other.root.pem, private_key_pem: leaf.keyPem },
        "INVALID_FIELD",
        "certificate_pem",
        /certificate 1 is not issued by certificate 2/,
      ],
      ["key of another certificate", { certificate_pem: pem, private_key_pem: other.leaf.keyPem }, "INVALID_FIELD", "private_key_pem"],
      ["key of the issuer", { certificate_pem: pem, private_key_pem: intermediate.keyPem }, "INVALID_FIELD", "private_key_pem"],
      ["key not PEM", { certificate_pem: pem, private_key_pem: "secret-not-a-key" }, "INVALID_FIELD", "private_key_pem"],
      ["encrypted key", { certificate_pem: pem, private_key_pem: encrypted }, "INVALID_FIELD", "private_key_pem"],
      ["two keys", { certificate_pem: pem, private_key_pem: leaf.keyPem + leaf.keyPem }, "INVALID_FIELD", "private_key_pem"],
      [
        "a public key",
        { certificate_pem: pem, private_key_pem: leaf.publicKey.export({ type: "spki", format: "pem" }) },
        "INVALID_FIELD",
        "private_key_pem",
      ],
      ["key not a string", { certificate_pem: pem, private_key_pem: 1 }, "INVALID_FIELD", "private_key_pem"],
      [
        "metadata over 4096 bytes",
        { certificate_pem: pem, private_key_pem: leaf.keyPem, metadata: "x".repeat(4097) },
        "INVALID_FIELD",
        "metadata",
      ],
      ["read-only field", { certificate_pem: pem, private_key_pem: leaf.keyPem, issued_at: null }, "UNKNOWN_FIELD", "issued_at"],
    ];
    // A rest parameter: rows without a message must not make jest see a `done` callback.
    test.each(cases)("%s", async (...[, json, code, field, msg]) => {
      const reply = await api.unchanged(() => api.post("/tls_certificates", json));
      expectError(reply, 400, code, field);
      if (msg) expect(reply.body.msg).toMatch(msg);
      for (const key of [leaf.keyPem, other.leaf.keyPem, intermediate.keyPem]) expect(reply.text).not.toContain(keyBody(key));
      expect(reply.text).not.toContain("secret-not-a-key");
    });

    test("PATCH cannot change the certificate or the key", async () => {
      const cert = (await api.post("/tls_certificates", { certificate_pem: pem, private_key_pem: leaf.keyPem })).body;
      for (const field of ["certificate_pem", "private_key_pem"]) {
        expectError(await api.unchanged(() => api.patch(`/tls_certificates/${cert.id}`, { [field]: "x" })), 400, "IMMUTABLE_FIELD", field);
      }
      await api.del(`/tls_certificates/${cert.id}`);
    });

    test("a key of an unsupported type", async () => {
      const x448 = generateKeyPairSync("x448").privateKey.export({ type: "pkcs8", format: "pem" }) as string;
      const reply = await api.unchanged(() => api.post("/tls_certificates", { certificate_pem: pem, private_key_pem: x448 }));
      expectError(reply, 400, "INVALID_FIELD", "private_key_pem");
      expect(reply.body.msg).toMatch(/RSA, ECDSA or Ed25519/);
    });
  });

  test("odd values in every field are answered without a 5xx", async () => {
    const leaf = certificate();
    expect(
      await sendOddValues({ description: "d", certificate_pem: leaf.pem, private_key_pem: leaf.keyPem }, (b) =>
        api.post("/tls_certificates", b),
      ),
    ).toBeGreaterThan(0);
  });
});
