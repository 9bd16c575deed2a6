/** `adopt`: taking over an existing resource instead of creating one (dynamic providers cannot import). */
import { chain, privateKeyPem } from "../sdk/crypto-fixture";
import { useRuntime } from "./runtime-fixture";

const fx = useRuntime();
const P = { __provider: "serialized" };

describe("adopt", () => {
  it("takes over an existing policy and converges it to the declared inputs, keeping its id", async () => {
    const { runtime, client } = fx;
    const existing = await client.ipPolicies.create({ description: "made by hand", metadata: "m" });
    const adopted = await runtime.create("IpPolicy", { ...P, adopt: existing.id, description: "now managed" });
    expect(adopted.id).toBe(existing.id);
    expect(adopted.outs).toMatchObject({ description: "now managed", metadata: "" });
    expect(await client.ipPolicies.get(existing.id)).toMatchObject({ description: "now managed", metadata: "" });
    expect((await client.ipPolicies.list().toArray()).filter((p) => p.id === existing.id)).toHaveLength(1);
    // adopt is read at creation only: dropping it later is no change.
    expect((await runtime.diff("IpPolicy", existing.id, adopted.outs, { ...P, description: "now managed" })).changes).toBe(false);
  });

  it("sends nothing when the resource already matches", async () => {
    const { runtime, client } = fx;
    const existing = await client.ipPolicies.create({ description: "same" });
    const adopted = await runtime.create("IpPolicy", { ...P, adopt: existing.id, description: "same" });
    expect(adopted.outs).toMatchObject({ description: "same", createdAt: existing.createdAt });
  });

  it("fails clearly for an id that does not exist or is another kind", async () => {
    const { runtime, client } = fx;
    await expect(runtime.create("IpPolicy", { ...P, adopt: "ipp_doesnotexist" })).rejects.toThrow(/adopt: there is no IpPolicy with id "ipp_doesnotexist"/);
    const key = await client.apiKeys.create({});
    await expect(runtime.create("IpPolicy", { ...P, adopt: key.id })).rejects.toThrow(/no IpPolicy with id .*another kind/);
  });

  it("refuses when a field that cannot change differs", async () => {
    const { runtime, client } = fx;
    const policy = await client.ipPolicies.create({});
    const restriction = await client.ipRestrictions.create({ type: "api", ipPolicyIds: [policy.id] });
    await expect(runtime.create("IpRestriction", { ...P, adopt: restriction.id, type: "dashboard", ipPolicyIds: [policy.id] })).rejects.toThrow(
      /other type than declared, which cannot change/,
    );
  });

  it("takes a write-only value (a private key) as declared: nothing to compare, so nothing is sent", async () => {
    const { runtime, client } = fx;
    const { chainPem, leaf } = chain({ subject: { CN: "adopt.example.com" }, dnsNames: ["adopt.example.com"] });
    const key = privateKeyPem(leaf.privateKey);
    const existing = await client.tlsCertificates.create({ certificatePem: chainPem, privateKeyPem: key, description: "by hand" });
    await client.request({ method: "DELETE", path: "/_emulator/counters" });
    const adopted = await runtime.create("TlsCertificate", { ...P, adopt: existing.id, certificatePem: chainPem, privateKeyPem: key, description: "by hand" });
    expect(adopted.id).toBe(existing.id);
    expect(adopted.outs).toMatchObject({ privateKeyPem: key, description: "by hand" });
    const counters = await client.request<{ routes: Record<string, unknown> }>({ method: "GET", path: "/_emulator/counters" });
    // (the sdk camel-cases the counters' route keys)
    expect(Object.keys(counters.routes)).toEqual([expect.stringMatching(/^GET \/tls/)]);
    // Later previews compare with the kept key: no change.
    expect((await runtime.diff("TlsCertificate", existing.id, adopted.outs, { ...P, certificatePem: chainPem, privateKeyPem: key, description: "by hand" })).changes).toBe(false);
  });

  it("is checked at preview: an empty id is rejected, an unknown one passes", async () => {
    const { runtime } = fx;
    expect((await runtime.check("IpPolicy", {}, { ...P, adopt: "" })).failures).toEqual([{ property: "adopt", reason: expect.stringMatching(/^adopt: /) }]);
    expect((await runtime.check("IpPolicy", {}, { ...P, adopt: "ipp_1" })).failures).toEqual([]);
  });
});
