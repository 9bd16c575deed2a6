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
    expect(await runtime.diff("CertificateAuthority", created.id, created.outs, { ...P, caPem: other.pem })).toMatchObject({ replaces: ["caPem"] });
  });
});

describe("TlsCertificate provider", () => {
  const { chainPem, leaf } = chain({ subject: { CN: "app.example.com", O: "Acme", C: "NL" }, dnsNames: ["app.example.com", "*.app.example.com"] });
  const key = privateKeyPem(leaf.privateKey);

  it("keeps the write-only private key from the program, reports the leaf's fields, never drifts on the key", async () => {
    const { runtime } = fx;
    const inputs = { ...P, certificatePem: chainPem, privateKeyPem: key };
    const created = await runtime.create("TlsCertificate", inputs);
    expect(created.outs).toMatchObject({
      privateKeyPem: key,
      subjectCommonName: "app.example.com",
      subjectOrganization: "Acme",
      subjectCountry: "NL",
      subjectAlternativeNames: { dnsNames: ["app.example.com", "*.app.example.com"], ips: [] },
      serialNumber: leaf.serialHex,
      issuedAt: null,
    });
    const read = await runtime.read("TlsCertificate", created.id, created.outs);
    expect(read.props!.privateKeyPem).toBe(key);
    expect((await runtime.diff("TlsCertificate", created.id, read.props!, inputs)).changes).toBe(false);
    expect((await runtime.diff("TlsCertificate", created.id, read.props!, { ...inputs, description: "web" })).replaces).toEqual([]);
  });

  it("rejects a key that does not match the leaf at check, without printing the key", async () => {
    const other = privateKeyPem(certificate().privateKey);
    const res = await fx.runtime.check("TlsCertificate", {}, { ...P, certificatePem: chainPem, privateKeyPem: other });
    expect(res.failures).toEqual([{ property: "", reason: expect.stringMatching(/^privateKeyPem: /) }]);
    expect(JSON.stringify(res.failures)).not.toContain(other.split("\n")[1]);
  });
});
