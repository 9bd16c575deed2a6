/** SshCredential through the provider runtime against the emulator. */
import { sshPublicKey } from "../../support/pki";
import { useRuntime } from "../runtime-fixture";

const fx = useRuntime();
const P = { __provider: "serialized" };

describe("SshCredential provider", () => {
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

  it("a public key that is not OpenSSH fails at check, naming publicKey", async () => {
    const res = await fx.runtime.check("SshCredential", {}, { ...P, publicKey: "not a key" });
    expect(res.failures).toEqual([{ property: "publicKey", reason: expect.any(String) }]);
  });
});
