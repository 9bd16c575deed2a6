import { X509Certificate } from "node:crypto";
import { caPem, certificate } from "../../support/pki";
import { useEmulator } from "../../support/emulator";
import { expectError, sendOddValues } from "../support";

const emu = useEmulator();
const { api } = emu;

const rfc3339 = (text: string) => new Date(text).toISOString().replace(/\.\d{3}Z$/, "Z");

describe("certificate authorities", () => {
  test("create reports the PEM's real fields", async () => {
    const notBefore = new Date("2026-01-02T03:04:05Z");
    const notAfter = new Date("2036-01-02T03:04:05Z");
    const { pem } = certificate({
      subject: { CN: "Corp Root CA", O: "Corp" },
      ca: true,
      notBefore,
      notAfter,
      keyUsages: ["digital_signature", "cert_sign", "crl_sign"],
      extendedKeyUsages: ["client_auth", "server_auth", "1.2.3.4.5"],
    });
    const created = await api.post("/certificate_authorities", { description: "corp", metadata: "m", ca_pem: pem });
    expect(created.status).toBe(201);
    const ca = created.body;
    expect(Object.keys(ca)).toEqual([
      "id",
      "uri",
      "created_at",
      "description",
      "metadata",
      "ca_pem",
      "subject_common_name",
      "not_before",
      "not_after",
      "key_usages",
      "extended_key_usages",
    ]);
    expect(ca).toMatchObject({
      description: "corp",
      metadata: "m",
      ca_pem: pem,
      subject_common_name: "Corp Root CA",
      not_before: "2026-01-02T03:04:05Z",
      not_after: "2036-01-02T03:04:05Z",
      key_usages: ["digital_signature", "cert_sign", "crl_sign"],
      extended_key_usages: ["client_auth", "server_auth", "1.2.3.4.5"],
    });
    // The same validity as node reads from the PEM.
    const x509 = new X509Certificate(pem);
    expect(ca.not_before).toBe(rfc3339(x509.validFrom));
    expect(ca.not_after).toBe(rfc3339(x509.validTo));
  });

  test("a certificate without key usage extensions reports empty lists and no CN as empty", async () => {
    const { pem } = certificate({ subject: { O: "No CN" } });
    const reply = await api.post("/certificate_authorities", { ca_pem: pem });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ subject_common_name: "", key_usages: [], extended_key_usages: [], description: "", metadata: "" });
  });

  test("a CA named by a mutual TLS module cannot be deleted until the module lets go", async () => {
    const ca = (await api.post("/certificate_authorities", { ca_pem: caPem() })).body;
    const edge = (
      await api.post("/edges/tls", {
        hostports: ["mtls.example.com:443"],
        mutual_tls: { enabled: true, certificate_authority_ids: [ca.id] },
      })
    ).body;
    const reply = await api.unchanged(() => api.del(`/certificate_authorities/${ca.id}`));
    expectError(reply, 409, "CONFLICT");
    expect(reply.body.details.in_use_by).toBe(edge.id);
    expect((await api.del(`/edges/tls/${edge.id}/mutual_tls`)).status).toBe(204);
    expect((await api.del(`/certificate_authorities/${ca.id}`)).status).toBe(204);
    await api.del(`/edges/tls/${edge.id}`);
  });

  describe("rejections leave state unchanged", () => {
    const one = caPem();
    const body = one.replace(/-----(BEGIN|END) CERTIFICATE-----|\n/g, "");
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ["missing ca_pem", {}, "MISSING_FIELD", "ca_pem"],
      ["ca_pem not a string", { ca_pem: 5 }, "INVALID_FIELD", "ca_pem"],
      ["empty ca_pem", { ca_pem: "" }, "INVALID_FIELD", "ca_pem"],
      ["not PEM", { ca_pem: "hello" }, "INVALID_FIELD", "ca_pem"],
      ["two certificates", { ca_pem: one + caPem() }, "INVALID_FIELD", "ca_pem"],
      ["trailing garbage", { ca_pem: `${one}garbage\n` }, "INVALID_FIELD", "ca_pem"],
      [
        "bad base64",
        { ca_pem: `-----BEGIN CERTIFICATE-----\n${body.slice(0, 40)}*${body.slice(41)}\n-----END CERTIFICATE-----\n` },
        "INVALID_FIELD",
        "ca_pem",
      ],
      ["not a certificate inside", { ca_pem: "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n" }, "INVALID_FIELD", "ca_pem"],
      ["a private key", { ca_pem: certificate().keyPem }, "INVALID_FIELD", "ca_pem"],
      ["description over 255 bytes", { ca_pem: one, description: "x".repeat(256) }, "INVALID_FIELD", "description"],
      ["unknown field", { ca_pem: one, subject_common_name: "x" }, "UNKNOWN_FIELD", "subject_common_name"],
    ];
    test.each(cases)("%s", async (_name, json, code, field) => {
      expectError(await api.unchanged(() => api.post("/certificate_authorities", json)), 400, code, field);
    });

    test("PATCH cannot change ca_pem", async () => {
      const ca = (await api.post("/certificate_authorities", { ca_pem: one })).body;
      expectError(
        await api.unchanged(() => api.patch(`/certificate_authorities/${ca.id}`, { ca_pem: one })),
        400,
        "IMMUTABLE_FIELD",
        "ca_pem",
      );
      expect((await api.get(`/certificate_authorities/${ca.id}`)).body).toEqual(ca);
      await api.del(`/certificate_authorities/${ca.id}`);
    });

    test("the message about a bad PEM does not quote it", async () => {
      const reply = await api.post("/certificate_authorities", { ca_pem: `${one}secret-trailer` });
      expect(reply.text).not.toContain("secret-trailer");
      expect(reply.text).not.toContain(body.slice(0, 40));
    });
  });

  test("odd values in every field are answered without a 5xx", async () => {
    const pem = caPem();
    expect(
      await sendOddValues({ description: "d", metadata: "m", ca_pem: pem }, (b) => api.post("/certificate_authorities", b)),
    ).toBeGreaterThan(0);
  });
});
