/** SSH credentials, authorities and certificates through the real engine. */
import * as path from "node:path";
import { readSshCertificate, sshPublicKey } from "../support/pki";
import { expectCheckFailure, expectSuccess, useEngineStack } from "../support/engine-stack";

interface Res {
  kind: string;
  name: string;
  args: Record<string, unknown>;
}
const fx = useEngineStack<{ resources: Res[] }>(path.join(__dirname, "..", "fixtures", "edges"), "edges");
const agentKey = sshPublicKey("ed25519", "agent@ci");
const userKey = sshPublicKey("ecdsa", "alice@laptop");
const hostKey = sshPublicKey("ed25519", "root@bastion");

const resources = (over: { acl?: string[]; principals?: string[]; keyType?: string } = {}): Res[] => [
  { kind: "SshCredential", name: "agent", args: { publicKey: agentKey, acl: over.acl ?? ["bind:*.example.com"] } },
  { kind: "SshCertificateAuthority", name: "ca", args: { privateKeyType: over.keyType ?? "ed25519" } },
  { kind: "SshUserCertificate", name: "alice", args: { sshCertificateAuthorityId: "@ca", publicKey: userKey, principals: over.principals ?? ["alice"] } },
  { kind: "SshHostCertificate", name: "bastion", args: { sshCertificateAuthorityId: "@ca", publicKey: hostKey, principals: ["bastion.example.com"] } },
];

describe("SSH on the real engine", () => {
  const ids = async () => (await fx.outputs()).ids as Record<string, string>;

  test("up makes a credential, an authority and a user certificate signed by it; no diff after", async () => {
    await fx.setSpec({ resources: resources() });
    expectSuccess(await fx.stack.up());
    const out = await ids();
    const ca = await fx.client.sshCertificateAuthorities.get(out.ca);
    const cert = await fx.client.sshUserCertificates.get(out.alice);
    const parsed = readSshCertificate(cert.certificate, ca.publicKey);
    expect(parsed.signedByCa).toBe(true);
    expect(parsed.principals).toEqual(["alice"]);
    const host = await fx.client.sshHostCertificates.get(out.bastion);
    expect(readSshCertificate(host.certificate, ca.publicKey).principals).toEqual(["bastion.example.com"]);
    expectSuccess(await fx.stack.preview({ refresh: true, expectNoChanges: true }));
  });

  test("the ACL changes in place; new principals replace the certificate; a new key type replaces the authority and what it signed", async () => {
    const before = await ids();
    await fx.setSpec({ resources: resources({ acl: ["bind:app.example.com"], principals: ["alice", "deploy"] }) });
    const preview = await fx.stack.preview();
    expect(preview.ops[fx.urn("SshCredential", "agent")]).toEqual(["update"]);
    expect(preview.ops[fx.urn("SshUserCertificate", "alice")]).toEqual(["replace"]);
    expectSuccess(await fx.stack.up());
    const mid = await ids();
    expect(mid.agent).toBe(before.agent);
    expect(mid.alice).not.toBe(before.alice);
    expect((await fx.client.sshCredentials.get(mid.agent)).acl).toEqual(["bind:app.example.com"]);

    await fx.setSpec({ resources: resources({ acl: ["bind:app.example.com"], principals: ["alice", "deploy"], keyType: "rsa" }) });
    expectSuccess(await fx.stack.up());
    const after = await ids();
    expect(after.ca).not.toBe(mid.ca);
    const ca = await fx.client.sshCertificateAuthorities.get(after.ca);
    expect(ca.keyType).toBe("rsa");
    expect(readSshCertificate((await fx.client.sshUserCertificates.get(after.alice)).certificate, ca.publicKey).signedByCa).toBe(true);
  });

  test("an out-of-band ACL edit and a deleted authority are reported by preview --refresh and fixed by up --refresh", async () => {
    const out = await ids();
    await fx.client.sshCredentials.update(out.agent, { acl: ["*"] });
    await fx.client.sshHostCertificates.delete(out.bastion);
    const preview = await fx.stack.preview({ refresh: true });
    expect(preview.ops[fx.urn("SshCredential", "agent")]).toEqual(["refresh", "update"]);
    expect(preview.ops[fx.urn("SshHostCertificate", "bastion")]).toEqual(["refresh", "create"]);
    expectSuccess(await fx.stack.up(["--refresh"]));
    expect((await fx.client.sshCredentials.get(out.agent)).acl).toEqual(["bind:app.example.com"]);
    expect((await ids()).bastion).not.toBe(out.bastion);
    expectSuccess(await fx.stack.preview({ refresh: true, expectNoChanges: true }));
  });

  test("a bad ACL rule and a forbidden critical option fail at preview, naming the field", async () => {
    await fx.setSpec({ resources: resources({ acl: ["connect:example.com"] }) });
    expectCheckFailure(await fx.stack.preview(), "acl", /./);
    await fx.setSpec({
      resources: [...resources().slice(0, 2), resources()[3], { kind: "SshUserCertificate", name: "alice", args: { sshCertificateAuthorityId: "@ca", publicKey: userKey, criticalOptions: { "no-pty": "" } } }],
    });
    expectCheckFailure(await fx.stack.preview(), "criticalOptions", /force-command/);
  });

  test("destroy leaves nothing behind", async () => {
    await fx.setSpec({ resources: resources() });
    expectSuccess(await fx.stack.destroy());
    expect(await fx.client.sshCredentials.list().toArray()).toEqual([]);
    expect(await fx.client.sshCertificateAuthorities.list().toArray()).toEqual([]);
    expect(await fx.client.sshUserCertificates.list().toArray()).toEqual([]);
    expect(await fx.client.sshHostCertificates.list().toArray()).toEqual([]);
  });
});
