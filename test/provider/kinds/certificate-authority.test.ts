/** CertificateAuthority through the provider runtime against the emulator. */
import { certificate } from "../../support/pki";
import { useRuntime } from "../runtime-fixture";

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

  it("a description changes in place, keeping the authority", async () => {
    const { runtime } = fx;
    const ca = certificate({ subject: { CN: "Described CA" }, ca: true });
    const created = await runtime.create("CertificateAuthority", { ...P, caPem: ca.pem });
    const news = { ...P, caPem: ca.pem, description: "team" };
    expect(await runtime.diff("CertificateAuthority", created.id, created.outs, news)).toMatchObject({ changes: true, replaces: [] });
    const updated = await runtime.update("CertificateAuthority", created.id, created.outs, news);
    expect(updated.outs).toMatchObject({ description: "team", subjectCommonName: "Described CA" });
  });

  it("a PEM that is not a certificate fails at check, naming caPem", async () => {
    const res = await fx.runtime.check("CertificateAuthority", {}, { ...P, caPem: "not a certificate" });
    expect(res.failures).toEqual([{ property: "caPem", reason: expect.any(String) }]);
  });
});
