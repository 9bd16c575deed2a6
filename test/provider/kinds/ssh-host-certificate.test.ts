/** SshHostCertificate through the provider runtime against the emulator. */
import { readSshCertificate, sshPublicKey } from "../../support/pki";
import { useRuntime } from "../runtime-fixture";

const fx = useRuntime();
const P = { __provider: "serialized" };
const K = "SshHostCertificate";

describe("SshHostCertificate provider", () => {
  it("is signed by its authority, shows no diff, and replaces on another authority or key", async () => {
    const { runtime } = fx;
    const ca = await runtime.create("SshCertificateAuthority", { ...P, privateKeyType: "ecdsa" });
    const host = { ...P, sshCertificateAuthorityId: ca.id, publicKey: sshPublicKey("ecdsa"), principals: ["host.example.com"] };
    const cert = await runtime.create(K, host);
    expect(readSshCertificate(cert.outs.certificate, ca.outs.publicKey).signedByCa).toBe(true);
    expect(cert.outs.keyType).toBe("ecdsa");
    expect((await runtime.diff(K, cert.id, cert.outs, host)).changes).toBe(false);
    const other = await runtime.create("SshCertificateAuthority", { ...P, privateKeyType: "ed25519" });
    expect((await runtime.diff(K, cert.id, cert.outs, { ...host, sshCertificateAuthorityId: other.id })).replaces).toEqual([
      "sshCertificateAuthorityId",
    ]);
    expect((await runtime.diff(K, cert.id, cert.outs, { ...host, publicKey: sshPublicKey("ed25519") })).replaces).toEqual(["publicKey"]);
  });

  it("no principals means any host: omitted and empty are the same", async () => {
    const { runtime } = fx;
    const ca = await runtime.create("SshCertificateAuthority", { ...P, privateKeyType: "ed25519" });
    const host = { ...P, sshCertificateAuthorityId: ca.id, publicKey: sshPublicKey("ed25519") };
    const cert = await runtime.create(K, host);
    expect(cert.outs.principals).toEqual([]);
    expect((await runtime.diff(K, cert.id, cert.outs, { ...host, principals: [] })).changes).toBe(false);
  });
});
