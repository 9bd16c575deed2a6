/** SSH credentials, authorities and certificates through the provider runtime against the emulator. */
import { readSshCertificate, sshPublicKey } from "../support/pki";
import { useRuntime } from "./runtime-fixture";

const fx = useRuntime();
const P = { __provider: "serialized" };

describe("SSH providers", () => {
  it("a credential keeps the service-chosen owner and changes its ACL in place", async () => {
    const { runtime } = fx;
    const inputs = { ...P, publicKey: sshPublicKey("ed25519"), acl: ["bind:*.example.com"] };
    const created = await runtime.create("SshCredential", inputs);
    expect(created.outs.ownerId).toMatch(/^usr_/);
    expect((await runtime.diff("SshCredential", created.id, created.outs, inputs)).changes).toBe(false);
    const news = { ...inputs, acl: ["bind:app.example.com", "bind:team=*"] };
    expect(await runtime.diff("SshCredential", created.id, created.outs, news)).toMatchObject({ changes: true, replaces: [] });
    const updated = await runtime.update("SshCredential", created.id, created.outs, news);
    expect(updated.outs!.acl).toEqual(["bind:app.example.com", "bind:team=*"]);
    expect(await runtime.diff("SshCredential", created.id, updated.outs!, { ...news, publicKey: sshPublicKey("rsa") })).toMatchObject({
      replaces: ["publicKey"],
    });
  });

  it.each([
    [{ privateKeyType: "ed25519" }],
    [{ privateKeyType: "ecdsa", ellipticCurve: "p384" }],
    [{ privateKeyType: "rsa", keySize: 2048 }],
  ])("an authority (%j) signs user and host certificates that verify against its key, with no diff after", async (authority) => {
    const { runtime } = fx;
    const ca = await runtime.create("SshCertificateAuthority", { ...P, ...authority });
    expect((await runtime.diff("SshCertificateAuthority", ca.id, ca.outs, { ...P, ...authority })).changes).toBe(false);
    const read = await runtime.read("SshCertificateAuthority", ca.id, ca.outs);
    expect((await runtime.diff("SshCertificateAuthority", ca.id, read.props!, { ...P, ...authority })).changes).toBe(false);

    const user = { ...P, sshCertificateAuthorityId: ca.id, publicKey: sshPublicKey("ed25519"), principals: ["deploy"] };
    const cert = await runtime.create("SshUserCertificate", user);
    const parsed = readSshCertificate(cert.outs.certificate, ca.outs.publicKey);
    expect(parsed.signedByCa).toBe(true);
    expect(cert.outs.extensions).toEqual({ "permit-pty": "", "permit-user-rc": "" });
    expect((await runtime.diff("SshUserCertificate", cert.id, cert.outs, user)).changes).toBe(false);
    expect(await runtime.diff("SshUserCertificate", cert.id, cert.outs, { ...user, principals: ["root"] })).toMatchObject({
      replaces: ["principals"],
    });

    const host = { ...P, sshCertificateAuthorityId: ca.id, publicKey: sshPublicKey("ecdsa"), principals: ["host.example.com"] };
    const hostCert = await runtime.create("SshHostCertificate", host);
    expect(readSshCertificate(hostCert.outs.certificate, ca.outs.publicKey).signedByCa).toBe(true);
    expect((await runtime.diff("SshHostCertificate", hostCert.id, hostCert.outs, host)).changes).toBe(false);
    expect(
      await runtime.diff("SshCertificateAuthority", ca.id, ca.outs, { ...P, privateKeyType: "ed25519", description: "x" }),
    ).toMatchObject({ changes: true });
  });
});
