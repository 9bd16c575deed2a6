/**
 * The inputs a refresh gives the engine (provider/framework/refresh.ts, "Inputs after a refresh"):
 * the engine keeps them for the next preview, whose `--diff` shows each drifted field as
 * `<service's value> => <declared value>`. Nothing drifted: exactly the declared inputs; drifted: the
 * service's value in the declared shape; state that does not record what was declared: none.
 */
import { PartialStateError, create as lifecycleCreate, read as lifecycleRead } from "../../provider/framework/lifecycle";
import { DECLARED, SPELLED } from "../../provider/framework/hidden-outputs";
import { ipPolicyKind } from "../../provider/kinds/ip-policy";
import { kinds } from "../../provider/kinds";
import { MATRIX, SECRETS } from "../support/drift-matrix";
import { useRuntime } from "./runtime-fixture";

const fx = useRuntime();
const P = { __provider: "serialized" };

describe("inputs after a refresh", () => {
  it("nothing drifted: the declared inputs, not the defaults the service filled in", async () => {
    const { runtime } = fx;
    const made = await runtime.create("IpPolicy", { ...P, description: "office" });
    expect(made.outs).toMatchObject({ description: "office", metadata: "", [DECLARED]: ["description"] });
    // Spelled as the outputs hold it: nothing more is stored.
    expect(made.outs).not.toHaveProperty(SPELLED);
    const read = await runtime.read("IpPolicy", made.id, made.outs);
    expect(read.inputs).toEqual({ description: "office" });
    // The record is carried by the refresh as it was.
    expect(read.props).toEqual(made.outs);
  });

  it("a declared field changed by hand: the service's value; an undeclared one: the service's value where it is not the default", async () => {
    const { runtime, client } = fx;
    const made = await runtime.create("IpPolicy", { ...P, description: "office" });
    await client.ipPolicies.update(made.id, { description: "edited by hand", metadata: "added by hand" });
    const read = await runtime.read("IpPolicy", made.id, made.outs);
    expect(read.inputs).toEqual({ description: "edited by hand", metadata: "added by hand" });
    // A second refresh reads the same; after the update restores it, only the declared inputs again.
    expect((await runtime.read("IpPolicy", made.id, read.props)).inputs).toEqual(read.inputs);
    const updated = await runtime.update("IpPolicy", made.id, read.props!, { ...P, description: "office" });
    expect((await runtime.read("IpPolicy", made.id, updated.outs)).inputs).toEqual({ description: "office" });
  });

  it("state that does not record what was declared (written before, or read with get) gets no inputs", async () => {
    const { runtime } = fx;
    const made = await runtime.create("IpPolicy", { ...P, description: "office" });
    const { [DECLARED]: _, ...old } = made.outs!;
    const read = await runtime.read("IpPolicy", made.id, old);
    expect(read).not.toHaveProperty("inputs");
    expect(read.props).not.toHaveProperty(DECLARED);
    // `Kind.get`: the engine passes only the serialized provider.
    expect(await runtime.read("IpPolicy", made.id, { ...P })).not.toHaveProperty("inputs");
  });

  it("a value the service spells otherwise is given back as declared while it means the same", async () => {
    const { runtime, client } = fx;
    const policy = await client.ipPolicies.create({});
    const made = await runtime.create("IpPolicyRule", { ...P, ipPolicyId: policy.id, cidr: "2001:DB8:0::/32", action: "allow" });
    expect(made.outs).toMatchObject({
      cidr: "2001:db8::/32",
      [DECLARED]: ["action", "cidr", "ipPolicyId"],
      [SPELLED]: { cidr: "2001:DB8:0::/32" },
    });
    expect((await runtime.read("IpPolicyRule", made.id, made.outs)).inputs).toEqual({
      ipPolicyId: policy.id,
      cidr: "2001:DB8:0::/32",
      action: "allow",
    });
    await client.ipPolicyRules.update(made.id, { cidr: "2001:db9::/32", description: "by hand" });
    expect((await runtime.read("IpPolicyRule", made.id, made.outs)).inputs).toEqual({
      ipPolicyId: policy.id,
      cidr: "2001:db9::/32",
      action: "allow",
      description: "by hand",
    });
  });

  it("modules: as declared while they mean the same; drifted, only the fields that differ from the declaration or the defaults", async () => {
    const { runtime, client } = fx;
    const edge = await client.httpsEdges.create({ hostports: ["drift-inputs.example.com:443"] });
    const declared = {
      ...P,
      edgeId: edge.id,
      matchType: "path_prefix",
      match: "/",
      circuitBreaker: { numBuckets: 64 },
      responseHeaders: { remove: ["Server", "Via"] },
    };
    const made = await runtime.create("HttpsEdgeRoute", declared);
    const { __provider: _, ...asDeclared } = declared;
    expect((await runtime.read("HttpsEdgeRoute", made.id, made.outs)).inputs).toEqual(asDeclared);

    const api = kinds.HttpsEdgeRoute.api(client);
    // The service lists the set in another order: the same value, given back as declared.
    await api.replaceModule!(made.id, "responseHeaders", { remove: ["Via", "Server"] });
    expect((await runtime.read("HttpsEdgeRoute", made.id, made.outs)).inputs).toEqual(asDeclared);

    await api.replaceModule!(made.id, "circuitBreaker", { numBuckets: 32, trippedDuration: 30 });
    await api.deleteModule!(made.id, "responseHeaders");
    await api.replaceModule!(made.id, "compression", { enabled: false });
    await api.replaceModule!(made.id, "ipRestriction", { ipPolicyIds: [(await client.ipPolicies.create({})).id] });
    const read = await runtime.read("HttpsEdgeRoute", made.id, made.outs);
    expect(read.inputs).toEqual({
      ...asDeclared,
      // The numbers the declaration leaves out are the service's to choose: as in diff, they are no drift.
      circuitBreaker: { numBuckets: 32 },
      responseHeaders: null,
      // Added by hand: what differs from the defaults (`enabled: true` is one).
      compression: { enabled: false },
      ipRestriction: { ipPolicyIds: read.props!.ipRestriction.ipPolicyIds },
    });
  });

  it("a secret input is given back only as declared (the engine marks it secret by its name): drifted or undeclared, it is left out", async () => {
    const { runtime, client } = fx;
    const edge = await client.httpsEdges.create({ hostports: ["drift-secrets.example.com:443"] });
    const hook = { provider: "CODEHOST", secret: "drift-inputs-webhook-secret" };
    const made = await runtime.create("HttpsEdgeRoute", {
      ...P,
      edgeId: edge.id,
      matchType: "path_prefix",
      match: "/",
      webhookVerification: hook,
    });
    expect((await runtime.read("HttpsEdgeRoute", made.id, made.outs)).inputs).toMatchObject({ webhookVerification: hook });
    const api = kinds.HttpsEdgeRoute.api(client);
    await api.replaceModule!(made.id, "webhookVerification", { provider: "CHAT", secret: "drift-inputs-webhook-secret" });
    await api.replaceModule!(made.id, "oauth", { provider: { github: {} } });
    await client.httpsEdgeRoutes.update(...(made.id.split("/") as [string, string]), { description: "by hand" });
    const read = await runtime.read("HttpsEdgeRoute", made.id, made.outs);
    // Both sides of a secret show as `[secret]`: the drifted one shows only as missing (`+ webhookVerification: [secret]`).
    expect(read.props!.webhookVerification).toMatchObject({ provider: "CHAT" });
    // No stored secret input of that name to take the mark from: left out, so it never lands in plaintext.
    expect(read.props!.oauth).not.toBeNull();
    expect(read.inputs).toEqual({ edgeId: edge.id, matchType: "path_prefix", match: "/", description: "by hand" });
  });

  it("a write-only input is given back as declared", async () => {
    const { runtime } = fx;
    const { certificatePem } = MATRIX.TlsCertificate.args("x") as Record<string, string>;
    const inputs = { ...P, certificatePem, privateKeyPem: SECRETS.key, description: "leaf" };
    const made = await runtime.create("TlsCertificate", inputs);
    const { __provider: _, ...declared } = inputs;
    expect((await runtime.read("TlsCertificate", made.id, made.outs)).inputs).toEqual(declared);
  });

  it("the map form of weighted backends is given back as a map; the list form as a list", async () => {
    const { runtime, client } = fx;
    const blue = (await client.tunnelGroupBackends.create({})).id;
    const green = (await client.tunnelGroupBackends.create({})).id;
    const asMap = await runtime.create("WeightedBackend", { ...P, backends: { [blue]: 90, [green]: 10 } });
    const asList = await runtime.create("WeightedBackend", {
      ...P,
      backends: [
        { backendId: green, weight: 10 },
        { backendId: blue, weight: 90 },
      ],
    });
    expect((await runtime.read("WeightedBackend", asMap.id, asMap.outs)).inputs).toEqual({ backends: { [blue]: 90, [green]: 10 } });
    expect((await runtime.read("WeightedBackend", asList.id, asList.outs)).inputs).toEqual({
      backends: [
        { backendId: green, weight: 10 },
        { backendId: blue, weight: 90 },
      ],
    });
    for (const { id } of [asMap, asList]) await client.weightedBackends.update(id, { backends: { [blue]: 10, [green]: 90 } });
    expect((await runtime.read("WeightedBackend", asMap.id, asMap.outs)).inputs).toEqual({ backends: { [blue]: 10, [green]: 90 } });
    expect((await runtime.read("WeightedBackend", asList.id, asList.outs)).inputs!.backends).toEqual(
      expect.arrayContaining([
        { backendId: green, weight: 90 },
        { backendId: blue, weight: 10 },
      ]),
    );
  });

  it("owned children (inline rules): as declared while the set is the same; a rule added by hand joins the service's list", async () => {
    const { runtime, client } = fx;
    const rules = [{ cidr: "2001:DB8::/32", action: "allow" }];
    const made = await runtime.create("IpPolicy", { ...P, description: "office", rules });
    expect((await runtime.read("IpPolicy", made.id, made.outs)).inputs).toEqual({ description: "office", rules });
    await client.ipPolicyRules.create({ ipPolicyId: made.id, cidr: "::/0", action: "allow" });
    const read = await runtime.read("IpPolicy", made.id, made.outs);
    expect(read.inputs).toEqual({ description: "office", rules: [rules[0], expect.objectContaining({ cidr: "::/0", action: "allow" })] });
  });

  it("owned children (inline sources): as declared while the set is the same; a source added by hand joins the service's list", async () => {
    const { runtime, client } = fx;
    const destinationIds = [(await client.eventDestinations.create({ target: { monitoring: { apiKey: "k" } } })).id];
    const sources = ["ip_policy_updated.v0", "ip_policy_created.v0"];
    const made = await runtime.create("EventSubscription", { ...P, destinationIds, sources });
    expect((await runtime.read("EventSubscription", made.id, made.outs)).inputs).toEqual({ destinationIds, sources });
    await client.eventSources.create(made.id, { type: "api_key_created.v0" });
    const read = await runtime.read("EventSubscription", made.id, made.outs);
    expect(read.inputs).toEqual({ destinationIds, sources: [...sources, "api_key_created.v0"] });
  });

  it("adopt is given back as declared", async () => {
    const { runtime, client } = fx;
    const existing = await client.ipPolicies.create({ description: "by hand" });
    const adopted = await runtime.create("IpPolicy", { ...P, adopt: existing.id, description: "managed" });
    expect(adopted.outs).toMatchObject({ [DECLARED]: ["adopt", "description"], [SPELLED]: { adopt: existing.id } });
    expect((await runtime.read("IpPolicy", existing.id, adopted.outs)).inputs).toEqual({ adopt: existing.id, description: "managed" });
    await client.ipPolicies.update(existing.id, { description: "by hand again" });
    expect((await runtime.read("IpPolicy", existing.id, adopted.outs)).inputs).toEqual({
      adopt: existing.id,
      description: "by hand again",
    });
  });

  it("a create whose outputs cannot be read records every declared value with its partial state", async () => {
    const { client } = fx;
    const broken = {
      ...ipPolicyKind,
      fromApi: () => {
        throw new Error("unreadable");
      },
    };
    const error = (await lifecycleCreate(broken, client, { ...P, description: "office" }).catch((e) => e)) as PartialStateError;
    expect(error).toBeInstanceOf(PartialStateError);
    expect(error.properties).toMatchObject({ [DECLARED]: ["description"], [SPELLED]: { description: "office" }, __provider: "serialized" });
    // Read back later with what was recorded: the declared inputs.
    expect((await lifecycleRead(ipPolicyKind, client, error.id, error.properties)).inputs).toEqual({ description: "office" });
  });
});
