/** CertificateAuthority and TlsCertificate through the provider runtime against the emulator. */
import { chain, certificate, privateKeyPem } from "../support/pki";
import { useRuntime } from "./runtime-fixture";

const fx = useRuntime();
const P = { __provider: "serialized" };

describe("CertificateAuthority provider", () => {
  it("reports the PEM's fields, shows no diff, and replaces on a new PEM", async () => {
    const { runtime } = fx;
    const ca = certificate({ subject: { CN: "Team CA" }, ca: true, keyUsages: ["cert_sign"], keyType: "rsa" });
    const created = await runtime.create("CertificateAuthority", { ...P, caPem: ca.pem });
    expect(created.outs).toMatchObject({ caPem: ca.pem, subjectCommonName: "Team CA", keyUsages: ["cert_sign"] });
    expect((await runtime.diff("CertificateAuthority", created.id, created.outs, { ...P, caPem: ca.pem })).changes).toBe(false);
    const other = certificate({ subject: { CN: "Other CA" }, ca: true });
    expect(await runtime.diff("CertificateAuthority", created.id, created.outs, { ...P, caPem: other.pem })).toMatchObject({
      replaces: ["caPem"],
    });
  });
});

describe("TlsCertificate provider", () => {
  const { chainPem, leaf } = chain({
    subject: { CN: "app.example.com", O: "Acme", C: "NL" },
    dnsNames: ["app.example.com", "*.app.example.com"],
  });
  const key = privateKeyPem(leaf.privateKey);

  // That the write-only key is kept by read and update, with no diff, is in kinds.test.ts.
  it("reports the leaf's fields (the chain's first certificate)", async () => {
    const created = await fx.runtime.create("TlsCertificate", { ...P, certificatePem: chainPem, privateKeyPem: key });
    expect(created.outs).toMatchObject({
      subjectCommonName: "app.example.com",
      subjectOrganization: "Acme",
      subjectCountry: "NL",
      subjectAlternativeNames: { dnsNames: ["app.example.com", "*.app.example.com"], ips: [] },
      serialNumber: leaf.serialHex,
      issuedAt: null,
    });
  });

  it("rejects a key that does not match the leaf at check, without printing the key", async () => {
    const other = privateKeyPem(certificate().privateKey);
    const res = await fx.runtime.check("TlsCertificate", {}, { ...P, certificatePem: chainPem, privateKeyPem: other });
    expect(res.failures).toEqual([{ property: "", reason: expect.stringMatching(/^privateKeyPem: /) }]);
    expect(JSON.stringify(res.failures)).not.toContain(other.split("\n")[1]);
  });
});
