/** TlsCertificate through the provider runtime against the emulator. */
import { chain, certificate, privateKeyPem } from "../../support/pki";
import { useRuntime } from "../runtime-fixture";

const fx = useRuntime();
const P = { __provider: "serialized" };

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

  it("the private key is a secret input, and another certificate replaces the resource", async () => {
    const { runtime } = fx;
    expect((await import("../../../provider/kinds/tls-certificate")).tlsCertificateKind.secretInputs).toEqual(["privateKeyPem"]);
    const created = await runtime.create("TlsCertificate", { ...P, certificatePem: chainPem, privateKeyPem: key });
    const next = chain({ subject: { CN: "next.example.com" }, dnsNames: ["next.example.com"] });
    const news = { ...P, certificatePem: next.chainPem, privateKeyPem: privateKeyPem(next.leaf.privateKey) };
    expect((await runtime.diff("TlsCertificate", created.id, created.outs, news)).replaces).toEqual(
      expect.arrayContaining(["certificatePem"]),
    );
  });
});
