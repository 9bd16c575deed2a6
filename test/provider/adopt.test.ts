/** `adopt`: taking over an existing resource instead of creating one (dynamic providers cannot import). */
import { chain, privateKeyPem } from "../support/pki";
import { create as lifecycleCreate } from "../../provider/framework/lifecycle";
import { ipRestrictionKind } from "../../provider/kinds/ip-restriction";
import { UNKNOWN } from "../../provider/framework/values";
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
    await expect(runtime.create("IpPolicy", { ...P, adopt: "ipp_doesnotexist" })).rejects.toThrow(
      /adopt: there is no IpPolicy with id "ipp_doesnotexist"/,
    );
    const key = await client.apiKeys.create({});
    await expect(runtime.create("IpPolicy", { ...P, adopt: key.id })).rejects.toThrow(/no IpPolicy with id .*another kind/);
  });

  it("refuses when a field that cannot change differs", async () => {
    const { runtime, client } = fx;
    const policy = await client.ipPolicies.create({});
    const restriction = await client.ipRestrictions.create({ type: "api", ipPolicyIds: [policy.id] });
    await expect(
      runtime.create("IpRestriction", { ...P, adopt: restriction.id, type: "dashboard", ipPolicyIds: [policy.id] }),
    ).rejects.toThrow(
      `adopt: IpRestriction ${restriction.id} has type "api" but "dashboard" is declared, which cannot change after creation; declare its value or create a new one`,
    );
    // Nothing was changed on the way.
    expect(await client.ipRestrictions.get(restriction.id)).toMatchObject({ type: "api" });
  });

  it("names the declared and the actual owner of a key", async () => {
    const { runtime, client } = fx;
    const { adminUserId, botId } = await client.request<{ adminUserId: string; botId: string }>({
      method: "GET",
      path: "/_emulator/principals",
    });
    const key = await client.apiKeys.create({ ownerId: botId });
    await expect(runtime.create("ApiKey", { ...P, adopt: key.id, ownerId: adminUserId })).rejects.toThrow(
      `adopt: ApiKey ${key.id} has ownerId "${botId}" but "${adminUserId}" is declared, which cannot change after creation; declare its value or create a new one`,
    );
  });

  it("names a secret field that differs without either value", async () => {
    const { client } = fx;
    const policy = await client.ipPolicies.create({});
    const restriction = await client.ipRestrictions.create({ type: "api", ipPolicyIds: [policy.id] });
    // A kind whose immutable field is secret (none is today): the rule is the framework's.
    const decl = { ...ipRestrictionKind, secretInputs: ["type"] };
    const error: Error = await lifecycleCreate(decl, client, {
      ...P,
      adopt: restriction.id,
      type: "dashboard",
      ipPolicyIds: [policy.id],
    }).then(
      () => new Error("adopted"),
      (e: Error) => e,
    );
    expect(error.message).toBe(
      `adopt: IpRestriction ${restriction.id} has another type than declared (secret, not shown), which cannot change after creation; declare its value or create a new one`,
    );
    expect(error.message).not.toMatch(/dashboard|"api"/);
  });

  it("takes a write-only value (a private key) as declared: nothing to compare, so nothing is sent", async () => {
    const { runtime, client } = fx;
    const { chainPem, leaf } = chain({ subject: { CN: "adopt.example.com" }, dnsNames: ["adopt.example.com"] });
    const key = privateKeyPem(leaf.privateKey);
    const existing = await client.tlsCertificates.create({ certificatePem: chainPem, privateKeyPem: key, description: "by hand" });
    await client.request({ method: "DELETE", path: "/_emulator/counters" });
    const adopted = await runtime.create("TlsCertificate", {
      ...P,
      adopt: existing.id,
      certificatePem: chainPem,
      privateKeyPem: key,
      description: "by hand",
    });
    expect(adopted.id).toBe(existing.id);
    expect(adopted.outs).toMatchObject({ privateKeyPem: key, description: "by hand" });
    const counters = await client.request<{ routes: Record<string, unknown> }>({ method: "GET", path: "/_emulator/counters" });
    // (the sdk camel-cases the counters' route keys)
    expect(Object.keys(counters.routes)).toEqual([expect.stringMatching(/^GET \/tls/)]);
    // Later previews compare with the kept key: no change.
    expect(
      (
        await runtime.diff("TlsCertificate", existing.id, adopted.outs, {
          ...P,
          certificatePem: chainPem,
          privateKeyPem: key,
          description: "by hand",
        })
      ).changes,
    ).toBe(false);
  });

  it("is checked at preview: an empty id is rejected, an unknown one passes", async () => {
    const { runtime } = fx;
    expect((await runtime.check("IpPolicy", {}, { ...P, adopt: "" })).failures).toEqual([
      { property: "adopt", reason: expect.stringMatching(/^adopt: /) },
    ]);
    expect((await runtime.check("IpPolicy", {}, { ...P, adopt: "ipp_1" })).failures).toEqual([]);
    expect((await runtime.check("IpPolicy", {}, { ...P, adopt: UNKNOWN })).failures).toEqual([]);
  });

  it("checks the id's form for the kind at preview, composite ids included", async () => {
    const { runtime } = fx;
    const failures = async (kind: string, adopt: string, inputs: Record<string, unknown> = {}) =>
      (await runtime.check(kind, {}, { ...P, ...inputs, adopt })).failures;
    expect(await failures("IpPolicy", "ak_1")).toEqual([
      { property: "adopt", reason: 'adopt: "ak_1" does not have the form of IpPolicy ids (ipp_…)' },
    ]);
    expect(await failures("IpPolicy", "ipp_")).toHaveLength(1);
    expect(await failures("WeightedBackend", "bkdfo_1", { backends: [{ backendId: "bkdtg_1", weight: 1 }] })).toEqual([
      { property: "adopt", reason: expect.stringContaining("bkdwd_…") },
    ]);
    const route = { edgeId: "edghts_1", matchType: "path_prefix", match: "/" };
    expect(await failures("HttpsEdgeRoute", "edghts_1/edghtsrt_2", route)).toEqual([]);
    expect(await failures("HttpsEdgeRoute", "edghtsrt_2", route)).toEqual([
      { property: "adopt", reason: expect.stringContaining("HttpsEdgeRoute ids (edghts_…/edghtsrt_…)") },
    ]);
    expect(await failures("HttpsEdgeRoute", "edghtsrt_2/edghts_1", route)).toHaveLength(1);
    const source = { subscriptionId: "esb_1", type: "ip_policy_updated.v0" };
    expect(await failures("EventSource", "esb_1/ip_policy_updated.v0", source)).toEqual([]);
    expect(await failures("EventSource", "esb_1", source)).toEqual([
      { property: "adopt", reason: expect.stringContaining("EventSource ids (esb_…/<event type>)") },
    ]);
  });
});
