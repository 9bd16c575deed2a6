/** ReservedDomain through the provider runtime against the emulator. */
import { chain, privateKeyPem } from "../../support/pki";
import { useRuntime } from "../runtime-fixture";

const fx = useRuntime();
const P = { __provider: "serialized" };

describe("ReservedDomain provider", () => {
  it("switches between an uploaded and a managed certificate in place, with no diff after each step", async () => {
    const { runtime, client } = fx;
    const { chainPem, leaf } = chain({ subject: { CN: "app.example.com" }, dnsNames: ["app.example.com"] });
    const cert = await client.tlsCertificates.create({ certificatePem: chainPem, privateKeyPem: privateKeyPem(leaf.privateKey) });

    const uploaded = { ...P, domain: "app.example.com", certificateId: cert.id };
    const created = await runtime.create("ReservedDomain", uploaded);
    expect(created.outs).toMatchObject({
      certificateId: cert.id,
      certificateManagementPolicy: null,
      region: "",
      cnameTarget: expect.stringContaining("."),
    });
    expect((await runtime.diff("ReservedDomain", created.id, created.outs, uploaded)).changes).toBe(false);

    const managed = { ...P, domain: "app.example.com", certificateManagementPolicy: { authority: "letsencrypt" } };
    expect(await runtime.diff("ReservedDomain", created.id, created.outs, managed)).toMatchObject({ changes: true, replaces: [] });
    const switched = await runtime.update("ReservedDomain", created.id, created.outs, managed);
    expect(switched.outs).toMatchObject({
      certificateId: null,
      certificateManagementPolicy: { authority: "letsencrypt", privateKeyType: "rsa" },
    });
    expect((await runtime.diff("ReservedDomain", created.id, switched.outs!, managed)).changes).toBe(false);
    const read = await runtime.read("ReservedDomain", created.id, switched.outs);
    expect((await runtime.diff("ReservedDomain", created.id, read.props!, managed)).changes).toBe(false);

    const plain = { ...P, domain: "app.example.com" };
    const unmanaged = await runtime.update("ReservedDomain", created.id, read.props!, plain);
    expect(unmanaged.outs).toMatchObject({ certificateId: null, certificateManagementPolicy: null });
    expect((await runtime.diff("ReservedDomain", created.id, unmanaged.outs!, plain)).changes).toBe(false);
  });

  it("the check takes letsencrypt, the authority the service supports, and refuses another, the old placeholder among them", async () => {
    const check = async (authority: string) =>
      (await fx.runtime.check("ReservedDomain", {}, { ...P, domain: "acme.example.com", certificateManagementPolicy: { authority } }))
        .failures;
    expect(await check("letsencrypt")).toEqual([]);
    for (const authority of ["public-acme", "zerossl", "Public ACME"]) {
      expect(await check(authority)).toEqual([
        {
          property: "",
          reason: "certificateManagementPolicy.authority: must be letsencrypt, the ACME authority the service supports",
        },
      ]);
    }
  });

  it("a replacement releases the old reservation first", async () => {
    const { runtime } = fx;
    const created = await runtime.create("ReservedDomain", { ...P, domain: "old.example.com" });
    // Another domain: deleting first lets two reservations swap domains in one update.
    expect(await runtime.diff("ReservedDomain", created.id, created.outs, { ...P, domain: "new.example.com" })).toEqual({
      changes: true,
      replaces: ["domain"],
      deleteBeforeReplace: true,
    });
    // Same domain, another immutable field (region): the new reservation would collide.
    expect(await runtime.diff("ReservedDomain", created.id, created.outs, { ...P, domain: "old.example.com", region: "eu" })).toEqual({
      changes: true,
      replaces: ["region"],
      deleteBeforeReplace: true,
    });
  });
});
