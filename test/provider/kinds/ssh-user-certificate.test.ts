/** SshUserCertificate through the provider runtime against the emulator. */
import { readSshCertificate, sshPublicKey } from "../../support/pki";
import { useRuntime } from "../runtime-fixture";

const fx = useRuntime();
const P = { __provider: "serialized" };
const K = "SshUserCertificate";

describe("SshUserCertificate provider", () => {
  it("is signed by its authority, reports the service's default extensions with no diff, and replaces on new principals", async () => {
    const { runtime } = fx;
    const ca = await runtime.create("SshCertificateAuthority", { ...P, privateKeyType: "ed25519" });
    const user = { ...P, sshCertificateAuthorityId: ca.id, publicKey: sshPublicKey("ed25519"), principals: ["deploy"] };
    const cert = await runtime.create(K, user);
    expect(readSshCertificate(cert.outs.certificate, ca.outs.publicKey).signedByCa).toBe(true);
    expect(cert.outs.extensions).toEqual({ "permit-pty": "", "permit-user-rc": "" });
    expect((await runtime.diff(K, cert.id, cert.outs, user)).changes).toBe(false);
    expect(await runtime.diff(K, cert.id, cert.outs, { ...user, principals: ["root"] })).toMatchObject({ replaces: ["principals"] });
  });

  it("critical options keep their keys as written (user data, not converted to snake_case)", async () => {
    const { runtime } = fx;
    const ca = await runtime.create("SshCertificateAuthority", { ...P, privateKeyType: "ed25519" });
    const user = {
      ...P,
      sshCertificateAuthorityId: ca.id,
      publicKey: sshPublicKey("ed25519"),
      criticalOptions: { "force-command": "uptime", "source-address": "10.0.0.0/8" },
    };
    const cert = await runtime.create(K, user);
    expect(cert.outs.criticalOptions).toEqual({ "force-command": "uptime", "source-address": "10.0.0.0/8" });
    expect((await runtime.diff(K, cert.id, cert.outs, user)).changes).toBe(false);
  });
});
