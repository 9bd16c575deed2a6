/**
 * The native provider over a real gRPC client, as the engine calls it: configuration checked once,
 * the lifecycle of the dynamic providers behind every kind, secrets kept secret, unknowns, detailed
 * diffs, import by id, partial state on a failed create.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as grpc from "@grpc/grpc-js";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { UNKNOWN } from "../../provider/framework/values";
import { kinds } from "../../provider/kinds";
import { DECLARED } from "../../provider/framework/hidden-outputs";
import { packageRoot, packageVersion, schemaLoader } from "../../native/package";
import { certificate, privateKeyPem } from "../support/pki";
import { TEST_SCHEMA, fromStruct, initFailure, isSecretValue, raw, secret, useNativeProvider } from "./support";

const fx = useNativeProvider();
const { DIFF_NONE, DIFF_SOME } = provproto.DiffResponse.DiffChanges;
const Kind = provproto.PropertyDiff.Kind;

const outputsOf = (res: { getProperties(): any }) => raw(res.getProperties());
const valuesOf = (res: { getProperties(): any }) => fromStruct(res.getProperties()).values;

describe("the plugin", () => {
  test("answers GetPluginInfo and GetSchema", async () => {
    expect((await fx.provider.getPluginInfo()).getVersion()).toBe("0.0.0-test");
    expect((await fx.provider.getSchema()).getSchema()).toBe(TEST_SCHEMA);
  });

  test("the package's schema (native/schema.json) is what the bin serves: a resource for every kind", () => {
    const schema = JSON.parse(schemaLoader(packageRoot())()) as { name: string; resources: Record<string, unknown> };
    expect(schema.name).toBe("edgeingress");
    expect(Object.keys(schema.resources).sort()).toEqual(
      Object.keys(kinds)
        .map((k) => `edgeingress:index:${k}`)
        .sort(),
    );
    expect(packageVersion(packageRoot())).toBe(
      (JSON.parse(fs.readFileSync(path.join(packageRoot(), "package.json"), "utf8")) as { version: string }).version,
    );
  });

  test("answers UNIMPLEMENTED for what it does not serve", async () => {
    const err = await new Promise<grpc.ServiceError>((resolve) =>
      fx.provider.raw.invoke(new provproto.InvokeRequest().setTok("edgeingress:index:nothing"), (e) => resolve(e!)),
    );
    expect(err.code).toBe(grpc.status.UNIMPLEMENTED);
  });

  test("accepts secrets and resources at Configure", async () => {
    const res = await fx.configure();
    expect(res.getAcceptsecrets()).toBe(true);
    expect(res.getAcceptresources()).toBe(true);
  });

  test("refuses a type token of no kind", async () => {
    await fx.configure();
    await expect(fx.provider.check("Nothing", {})).rejects.toMatchObject({ code: grpc.status.INVALID_ARGUMENT });
  });
});

describe("provider configuration, checked once at CheckConfig", () => {
  const reasons = async (config: Record<string, unknown>) =>
    (await fx.provider.checkConfig(config)).getFailuresList().map((f) => [f.getProperty(), f.getReason()]);

  test("a missing key is one failure naming the command to run", async () => {
    const failures = await reasons({ apiUrl: fx.emu.url });
    expect(failures).toHaveLength(1);
    expect(failures[0][1]).toContain("no API key is configured; set one with `pulumi config set --secret edgeingress:apiKey <key>`");
  });

  test("a wrong key is one failure naming the URL and where the key came from, never the key", async () => {
    const wrong = "tok_wrong_" + "y".repeat(30);
    const failures = await reasons({ apiUrl: fx.emu.url, apiKey: secret(wrong) });
    expect(failures).toEqual([["", expect.stringMatching(/the API at .* refused the API key \(401 UNAUTHORIZED\)/)]]);
    expect(failures[0][1]).toContain("API key from provider config edgeingress:apiKey");
    expect(failures[0][1]).not.toContain(wrong);
  });

  test("a URL that does not answer is one failure naming it", async () => {
    const failures = await reasons({ apiUrl: "http://127.0.0.1:1", apiKey: secret(fx.emu.rootToken) });
    expect(failures).toEqual([["", expect.stringContaining("cannot reach the API at http://127.0.0.1:1")]]);
  });

  test("settings of the wrong shape are named", async () => {
    const failures = await reasons({ apiUrl: fx.emu.url, apiKey: secret(fx.emu.rootToken), timeoutMs: "soon", region: "x" });
    expect(failures.map(([p]) => p).sort()).toEqual(["region", "timeoutMs"]);
  });

  test("the key comes back secret, and values not known yet are checked later", async () => {
    const res = await fx.provider.checkConfig({ apiUrl: fx.emu.url, apiKey: fx.emu.rootToken });
    expect(res.getFailuresList()).toEqual([]);
    expect(isSecretValue(raw(res.getInputs()).apiKey)).toBe(true);
    expect((await fx.provider.checkConfig({ apiUrl: fx.emu.url, apiKey: UNKNOWN })).getFailuresList()).toEqual([]);
  });

  test("an explicit provider's settings: another account's key works", async () => {
    const other = await fx.emu.client.apiKeys.create({ description: "second account" });
    await fx.configure({ apiKey: secret(other.token) });
    const made = await fx.provider.create("IpPolicy", { description: "with the other key" });
    expect(valuesOf(made).description).toBe("with the other key");
    await fx.provider.delete("IpPolicy", made.getId(), valuesOf(made));
  });

  test("an unknown configuration (a preview) still checks and diffs, and says so when it must connect", async () => {
    await fx.provider.configure({ apiUrl: fx.emu.url, apiKey: UNKNOWN });
    expect((await fx.provider.check("IpPolicy", { description: "x" })).getFailuresList()).toEqual([]);
    await expect(fx.provider.read("IpPolicy", "ipp_1234567890abcdefghijklmnop", { description: "x" })).rejects.toThrow(/not known yet/);
  });
});

describe("resources, through the dynamic providers' lifecycle", () => {
  beforeAll(() => fx.configure());

  test("an IP policy: check, create, no diff, a detailed diff, update, read, delete", async () => {
    const inputs = { description: "office", rules: [{ cidr: "203.0.113.0/24", action: "allow" }] };
    const checked = await fx.provider.check("IpPolicy", inputs);
    expect(checked.getFailuresList()).toEqual([]);
    const made = await fx.provider.create("IpPolicy", raw(checked.getInputs()));
    const id = made.getId();
    expect(id).toMatch(/^ipp_/);
    const outs = valuesOf(made);
    expect(outs).toMatchObject({ description: "office", rules: [expect.objectContaining({ cidr: "203.0.113.0/24" })] });
    expect((await fx.emu.client.ipPolicies.get(id)).description).toBe("office");

    const same = await fx.provider.diff("IpPolicy", id, outputsOf(made), inputs, inputs);
    expect(same.getChanges()).toBe(DIFF_NONE);

    const next = { ...inputs, description: "office v2" };
    const changed = await fx.provider.diff("IpPolicy", id, outputsOf(made), next, inputs);
    expect(changed.getChanges()).toBe(DIFF_SOME);
    expect(changed.getReplacesList()).toEqual([]);
    expect(changed.getDiffsList()).toEqual(["description"]);
    expect(changed.getDetaileddiffMap().get("description")?.getKind()).toBe(Kind.UPDATE);

    const updated = await fx.provider.update("IpPolicy", id, outputsOf(made), next);
    expect(valuesOf(updated).description).toBe("office v2");

    await fx.emu.client.ipPolicies.update(id, { description: "edited by hand" });
    const read = await fx.provider.read("IpPolicy", id, outputsOf(updated), next);
    expect(read.getId()).toBe(id);
    expect(valuesOf(read).description).toBe("edited by hand");
    // The refreshed inputs hold the service's value: the next diff shows `edited by hand => office v2`.
    expect(fromStruct(read.getInputs()).values.description).toBe("edited by hand");

    await fx.provider.delete("IpPolicy", id, valuesOf(read));
    await expect(fx.emu.client.ipPolicies.get(id)).rejects.toThrow(/404|not found/i);
    expect((await fx.provider.read("IpPolicy", id, valuesOf(read))).getId()).toBe("");
  });

  test("a field the service cannot change replaces: IpRestriction.type", async () => {
    const policy = await fx.emu.client.ipPolicies.create({ description: "for a restriction" });
    const inputs = { type: "api", ipPolicyIds: [policy.id] };
    const made = await fx.provider.create("IpRestriction", inputs);
    const res = await fx.provider.diff("IpRestriction", made.getId(), outputsOf(made), { ...inputs, type: "dashboard" }, inputs);
    expect(res.getChanges()).toBe(DIFF_SOME);
    expect(res.getReplacesList()).toEqual(["type"]);
    expect(res.getDetaileddiffMap().get("type")?.getKind()).toBe(Kind.UPDATE_REPLACE);
    await fx.provider.delete("IpRestriction", made.getId(), valuesOf(made));
  });

  test("a secret output is secret: an API key's token", async () => {
    const made = await fx.provider.create("ApiKey", { description: "deploy" });
    const outs = outputsOf(made);
    expect(isSecretValue(outs.token)).toBe(true);
    expect(isSecretValue(outs.description)).toBe(false);
    // What only the provider reads, which may spell secret inputs, is secret too.
    if (outs.__spelled !== undefined) expect(isSecretValue(outs.__spelled)).toBe(true);
    await fx.provider.delete("ApiKey", made.getId(), valuesOf(made));
  });

  test("an output whose input was secret is secret, and Check keeps the input secret", async () => {
    const checked = await fx.provider.check("IpPolicy", { description: secret("confidential") });
    expect(isSecretValue(raw(checked.getInputs()).description)).toBe(true);
    const made = await fx.provider.create("IpPolicy", raw(checked.getInputs()));
    expect(isSecretValue(outputsOf(made).description)).toBe(true);
    expect(valuesOf(made).description).toBe("confidential");
    await fx.provider.delete("IpPolicy", made.getId(), valuesOf(made));
  });

  test("owned children's credentials are stored apart, as a secret", async () => {
    const decl = Object.values(kinds).find((k) => Object.values(k.owns ?? {}).some((o) => o.secrets))!;
    const [input, owned] = Object.entries(decl.owns!).find(([, o]) => o.secrets)!;
    const checked = await fx.provider.check(decl.name, { [input]: [] });
    expect(isSecretValue(raw(checked.getInputs())[owned.secrets!.output])).toBe(true);
  });

  test("an owned input whose only secrets are its credential fields is plain once they are apart; any other secret keeps it secret", async () => {
    const hook = { provider: "CODEHOST", secret: secret("hook-secret-5120") };
    const apart = raw(
      (await fx.provider.check("HttpsEdge", { routes: [{ matchType: "path_prefix", match: "/", webhookVerification: hook }] })).getInputs(),
    );
    expect(isSecretValue(apart.routes)).toBe(false);
    expect(apart.routes).toEqual([{ matchType: "path_prefix", match: "/" }]);
    expect(isSecretValue(apart.routeSecretModules)).toBe(true);
    const other = { matchType: "path_prefix", match: "/", description: secret("confidential"), webhookVerification: hook };
    expect(isSecretValue(raw((await fx.provider.check("HttpsEdge", { routes: [other] })).getInputs()).routes)).toBe(true);
    const whole = secret([{ matchType: "path_prefix", match: "/" }]);
    expect(isSecretValue(raw((await fx.provider.check("HttpsEdge", { routes: whole })).getInputs()).routes)).toBe(true);
  });

  test("unknown values during preview: no failure, and a change", async () => {
    const checked = await fx.provider.check("IpRestriction", { type: "api", ipPolicyIds: [UNKNOWN] });
    expect(checked.getFailuresList()).toEqual([]);
    const policy = await fx.emu.client.ipPolicies.create({});
    const made = await fx.provider.create("IpRestriction", { type: "api", ipPolicyIds: [policy.id] });
    const res = await fx.provider.diff("IpRestriction", made.getId(), outputsOf(made), { type: "api", ipPolicyIds: [UNKNOWN] });
    expect(res.getChanges()).toBe(DIFF_SOME);
    await fx.provider.delete("IpRestriction", made.getId(), valuesOf(made));
  });

  test("bad inputs fail at check, naming the property", async () => {
    const res = await fx.provider.check("IpRestriction", { type: "nonsense", ipPolicyIds: ["ipp_a1"] });
    expect(res.getFailuresList().map((f) => f.getProperty())).toContain("type");
    // Inside a list: no property (the engine would print the whole list beside it), the element's path first.
    const rules = Array.from({ length: 8 }, (_, i) => ({ cidr: `10.0.${i}.0/24`, action: "allow" }));
    rules[5] = { cidr: "10.0.5.0/33", action: "allow" };
    const inList = (await fx.provider.check("IpPolicy", { rules })).getFailuresList();
    expect(inList.map((f) => [f.getProperty(), f.getReason()])).toEqual([["", "rules[5].cidr: prefix length 33 is over 32 for IPv4"]]);
  });

  test("a create that made something and then failed returns it as partial state", async () => {
    const inputs = {
      hostports: ["partial.example.com:443"],
      routes: [{ matchType: "path_prefix", match: "/", backend: { backendId: "bkdtg_doesnotexist000000000000" } }],
    };
    const err = await fx.provider.create("HttpsEdge", inputs).then(
      () => undefined,
      (e: grpc.ServiceError) => e,
    );
    expect(err).toBeDefined();
    const detail = initFailure(err!);
    expect(detail?.getId()).toMatch(/^edghts_/);
    const edge = await fx.emu.client.httpsEdges.get(detail!.getId());
    expect(edge.hostports).toEqual(["partial.example.com:443"]);
    await fx.provider.delete("HttpsEdge", detail!.getId(), fromStruct(detail!.getProperties()).values);
  });
});

describe("import by id alone", () => {
  beforeAll(() => fx.configure());

  test("a hand-made policy: outputs and inputs that check and diff with no change", async () => {
    const policy = await fx.emu.client.ipPolicies.create({ description: "made by hand" });
    const read = await fx.provider.read("IpPolicy", policy.id);
    expect(read.getId()).toBe(policy.id);
    const inputs = fromStruct(read.getInputs()).values;
    // Only what differs from the defaults, as a program would declare it.
    expect(inputs).toEqual({ description: "made by hand" });
    expect(valuesOf(read)[DECLARED]).toEqual(["description"]);
    const checked = await fx.provider.check("IpPolicy", inputs, inputs);
    expect(checked.getFailuresList()).toEqual([]);
    const res = await fx.provider.diff("IpPolicy", policy.id, outputsOf(read), raw(checked.getInputs()), inputs);
    expect(res.getChanges()).toBe(DIFF_NONE);
  });

  test("a child by its composite id", async () => {
    const edge = await fx.emu.client.httpsEdges.create({ hostports: ["import-child.example.com:443"] });
    const route = await fx.emu.client.httpsEdgeRoutes.create(edge.id, { matchType: "path_prefix", match: "/api", description: "api" });
    const id = `${edge.id}/${route.id}`;
    const read = await fx.provider.read("HttpsEdgeRoute", id);
    expect(read.getId()).toBe(id);
    const inputs = fromStruct(read.getInputs()).values;
    expect(inputs).toMatchObject({ edgeId: edge.id, match: "/api", matchType: "path_prefix", description: "api" });
    expect((await fx.provider.check("HttpsEdgeRoute", inputs, inputs)).getFailuresList()).toEqual([]);
    expect((await fx.provider.diff("HttpsEdgeRoute", id, outputsOf(read), inputs, inputs)).getChanges()).toBe(DIFF_NONE);
  });

  test("a parent holds its children in its outputs, undeclared: listing them inline diffs with no change, so does leaving them out", async () => {
    const edge = await fx.emu.client.httpsEdges.create({ hostports: ["import-parent.example.com:443"], description: "with routes" });
    await fx.emu.client.httpsEdgeRoutes.create(edge.id, { matchType: "path_prefix", match: "/", description: "site", compression: {} });
    const read = await fx.provider.read("HttpsEdge", edge.id);
    const inputs = fromStruct(read.getInputs()).values;
    expect(inputs).toEqual({ hostports: ["import-parent.example.com:443"], description: "with routes" });
    expect(valuesOf(read).routes).toEqual([expect.objectContaining({ matchType: "path_prefix", match: "/", description: "site" })]);
    const diff = async (news: Record<string, unknown>) =>
      (await fx.provider.diff("HttpsEdge", edge.id, outputsOf(read), news, inputs)).getChanges();
    const route = { matchType: "path_prefix", match: "/", description: "site", compression: {} };
    expect(await diff({ ...inputs, routes: [route] })).toBe(DIFF_NONE);
    expect(await diff(inputs)).toBe(DIFF_NONE);
    expect(await diff({ ...inputs, routes: [{ ...route, description: "other" }] })).toBe(DIFF_SOME);
    expect(await diff({ ...inputs, routes: [] })).toBe(DIFF_SOME);
  });

  test("a TLS certificate: the private key the service never shows is taken as declared, and kept by the next update", async () => {
    const cert = certificate({ subject: { CN: "import.example.com" }, dnsNames: ["import.example.com"] });
    const key = privateKeyPem(cert.privateKey);
    const made = await fx.emu.client.tlsCertificates.create({ certificatePem: cert.pem, privateKeyPem: key });
    const read = await fx.provider.read("TlsCertificate", made.id);
    const inputs = fromStruct(read.getInputs()).values;
    expect(inputs.privateKeyPem).toBeUndefined();
    const declared = { ...inputs, privateKeyPem: secret(key) };
    expect((await fx.provider.diff("TlsCertificate", made.id, outputsOf(read), declared, inputs)).getChanges()).toBe(DIFF_NONE);
    // An update (a description) records the declared key: a later diff still sees no change, a new key one.
    const updated = await fx.provider.update("TlsCertificate", made.id, outputsOf(read), { ...declared, description: "now" });
    expect(fromStruct(updated.getProperties()).values.privateKeyPem).toBe(key);
    const after = raw(updated.getProperties());
    expect((await fx.provider.diff("TlsCertificate", made.id, after, { ...declared, description: "now" })).getChanges()).toBe(DIFF_NONE);
    const other = privateKeyPem(certificate({ subject: { CN: "import.example.com" } }).privateKey);
    expect(
      (
        await fx.provider.diff("TlsCertificate", made.id, after, { ...declared, description: "now", privateKeyPem: secret(other) })
      ).getChanges(),
    ).toBe(DIFF_SOME);
  });

  test("an id of another form is refused naming the kind's form, as adopt's check does, not read as gone", async () => {
    await expect(fx.provider.read("IpPolicy", "ak_1")).rejects.toThrow(/"ak_1" does not have the form of IpPolicy ids \(ipp_…\)/);
    // A child by its own id alone, not the composite one.
    await expect(fx.provider.read("HttpsEdgeRoute", "edghtsrt_1234567890abcdefghijklmnop")).rejects.toThrow(
      /does not have the form of HttpsEdgeRoute ids \(edghts_…\/edghtsrt_…\)/,
    );
  });

  test("an id that does not exist reads as gone", async () => {
    expect((await fx.provider.read("IpPolicy", "ipp_1234567890abcdefghijklmnop")).getId()).toBe("");
  });
});
