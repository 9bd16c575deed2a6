import * as fs from "node:fs";
import * as path from "node:path";
import { z } from "zod";
import * as fields from "../../sdk/core/fields";
import { prefixed } from "../../provider/framework/ids";
import { declareKind, immutableKeys, updatableKeys, within, type KindDeclaration } from "../../provider/framework/kind";
import * as lifecycle from "../../provider/framework/lifecycle";
import { UNKNOWN, containsUnknown, formatPath, pathHasUnknown, sameValue } from "../../provider/framework/values";
import { declarationOf, kinds } from "../../provider/kinds";
import * as runtime from "../../runtime";
import { useRuntime } from "./runtime-fixture";

// The runtime checks its connection before it checks inputs, as in a provider process.
useRuntime();

describe("lifecycle rules declared per kind", () => {
  it("derives replace-on-change fields from the sdk's update params", () => {
    expect(immutableKeys(declarationOf("ApiKey"))).toEqual(["ownerId"]);
    expect(immutableKeys(declarationOf("IpPolicy"))).toEqual([]);
    expect(immutableKeys(declarationOf("IpRestriction"))).toEqual(["type"]);
    expect(updatableKeys(declarationOf("IpRestriction")).sort()).toEqual(["description", "enforced", "ipPolicyIds", "metadata"]);
  });

  it("counts a field immutable when its update schema is fields.immutable with its own doc", () => {
    // IpPolicyRuleUpdateParams documents each of its immutable fields (`.describe()` copies the schema).
    expect(immutableKeys(declarationOf("IpPolicyRule")).sort()).toEqual(["action", "ipPolicyId"]);
    expect(fields.isImmutable(fields.immutable.describe("Fixed at creation."))).toBe(true);
    expect(fields.isImmutable(z.undefined().optional())).toBe(false);
  });

  it("names an unknown kind clearly, an inherited property name included", () => {
    expect(() => declarationOf("Nope")).toThrow(/unknown resource kind "Nope"/);
    expect(() => declarationOf("toString")).toThrow(/unknown resource kind "toString"/);
  });

  it("files each declaration under its own name, loaded once", () => {
    for (const [name, decl] of Object.entries(kinds)) {
      expect(decl.name).toBe(name);
      expect(declarationOf(name)).toBe(decl);
    }
  });
});

describe("value helpers", () => {
  it("finds unknowns at any depth and along a path", () => {
    expect(containsUnknown({ a: [1, { b: UNKNOWN }] })).toBe(true);
    expect(containsUnknown({ a: [1, { b: "x" }] })).toBe(false);
    expect(pathHasUnknown({ ids: [UNKNOWN, "x"] }, ["ids", 0])).toBe(true);
    expect(pathHasUnknown({ ids: [UNKNOWN, "x"] }, ["ids", 1])).toBe(false);
    expect(pathHasUnknown({ ids: UNKNOWN }, ["ids", 3])).toBe(true);
  });

  it("compares objects regardless of key order, arrays in order", () => {
    expect(sameValue({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBe(true);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
    expect(formatPath(["a", 2, "b"])).toBe("a[2].b");
  });
});

describe("check", () => {
  const check = (kind: string, news: Record<string, unknown>) => runtime.check(kind, {}, { __provider: "p", ...news });

  it("names the property and the rule of a description over 255 bytes", async () => {
    // 128 two-byte characters: 256 bytes although only 128 characters.
    const res = await check("IpPolicy", { description: "é".repeat(128) });
    expect(res.failures).toEqual([{ property: "description", reason: "description: must be at most 255 bytes (UTF-8), got 256 bytes" }]);
  });

  it("rejects an unknown restriction type and an unknown property", async () => {
    const res = await check("IpRestriction", { type: "ssh", ipPolicyIds: ["ipp_1"], colour: "red" });
    expect(res.failures!.map((f) => f.property).sort()).toEqual(["colour", "type"]);
  });

  it("names a misspelt key inside a module by its path, in the reason (test/provider/framework/check.test.ts)", async () => {
    const edge = await check("TlsEdge", { hostports: ["a.example.com:443"], backend: { backendId: "bkdtg_1", weight: 1 } });
    expect(edge.failures).toEqual([{ property: "", reason: "backend.weight: is not a known field" }]);
    const route = await check("HttpsEdgeRoute", {
      edgeId: "edghts_1",
      matchType: "path_prefix",
      match: "/",
      oauth: { provider: { facebook: { team: ["acme/ops"] } } },
    });
    expect(route.failures).toEqual([{ property: "", reason: "oauth.provider.facebook.team: is not a known field" }]);
  });

  it("reports a bad element of a list by its own path, not the list", async () => {
    const res = await check("IpRestriction", { type: "api", ipPolicyIds: ["ipp_1", "ak_2"] });
    expect(res.failures).toEqual([{ property: "", reason: expect.stringMatching(/^ipPolicyIds\[1\]: /) }]);
  });

  it("does not judge values unknown during preview, and passes inputs through", async () => {
    const news = { __provider: "p", type: "api", ipPolicyIds: [UNKNOWN], description: UNKNOWN };
    const res = await runtime.check("IpRestriction", {}, news);
    expect(res.failures).toEqual([]);
    expect(res.inputs).toBe(news);
  });

  it("requires the required inputs", async () => {
    const res = await check("IpRestriction", { type: "api" });
    expect(res.failures!.map((f) => f.property)).toEqual(["ipPolicyIds"]);
  });
});

describe("diff", () => {
  const stored = { description: "", metadata: "", enforced: false, type: "api", ipPolicyIds: ["ipp_a"], uri: "u", createdAt: "t" };

  it("treats omitted inputs as the service's defaults: no change", async () => {
    expect(await runtime.diff("IpRestriction", "ipx_1", stored, { type: "api", ipPolicyIds: ["ipp_a"] })).toEqual({
      changes: false,
      replaces: [],
      deleteBeforeReplace: false,
    });
  });

  it("updates in place for mutable fields, replaces for immutable ones", async () => {
    const update = await runtime.diff("IpRestriction", "ipx_1", stored, { type: "api", ipPolicyIds: ["ipp_a", "ipp_b"], enforced: true });
    expect(update).toMatchObject({ changes: true, replaces: [] });
    const replace = await runtime.diff("IpRestriction", "ipx_1", stored, { type: "dashboard", ipPolicyIds: ["ipp_a"] });
    expect(replace).toMatchObject({ changes: true, replaces: ["type"] });
  });

  it("reports removing a description as a change back to the default", async () => {
    const res = await runtime.diff("IpPolicy", "ipp_1", { description: "x", metadata: "" }, {});
    expect(res.changes).toBe(true);
  });

  it("keeps a server-chosen owner when ownerId is omitted, replaces when it is set to another", async () => {
    const key = { description: "", metadata: "", ownerId: "usr_me", token: "secret" };
    expect((await runtime.diff("ApiKey", "ak_1", key, {})).changes).toBe(false);
    expect((await runtime.diff("ApiKey", "ak_1", key, { ownerId: "usr_me" })).changes).toBe(false);
    expect(await runtime.diff("ApiKey", "ak_1", key, { ownerId: "usr_other" })).toMatchObject({ changes: true, replaces: ["ownerId"] });
  });

  it("counts an unknown value as a change, and as a replace on an immutable field", async () => {
    expect(await runtime.diff("IpRestriction", "ipx_1", stored, { type: UNKNOWN, ipPolicyIds: ["ipp_a"] })).toMatchObject({
      changes: true,
      replaces: ["type"],
    });
  });
});

describe("serialized provider", () => {
  const METHODS = ["configure", "check", "diff", "create", "read", "update", "delete"];
  /** Loads a serialized `__provider` as the dynamic provider process does, with the runtime entry as its only module. */
  const load = (text: string): Record<string, (...args: any[]) => any> => {
    const exports: { handler?: () => any } = {};
    const requireRuntime = (id: string) => {
      if (id !== "@edge-ingress/pulumi/runtime") throw new Error(`unexpected require ${id}`);
      return runtime;
    };
    new Function("exports", "require", text)(exports, requireRuntime);
    return exports.handler!();
  };

  it.each(Object.keys(kinds))("%s is stored as a module of one line that asks the runtime entry for its provider", async (kind) => {
    const { providerText } = await import("../../provider/framework/provider-factory");
    const text = providerText(kind);
    expect(text.trim().split("\n")).toHaveLength(1);
    expect(text).toContain(`require("@edge-ingress/pulumi/runtime").provider(${JSON.stringify(kind)})`);
    const provider = load(text);
    expect(Object.keys(provider).sort()).toEqual([...METHODS].sort());
    // The provider is this kind's: its check names the kind.
    expect((await provider.check({}, { __provider: "p", notAProperty: 1 })).failures).toContainEqual({
      property: "notAProperty",
      reason: `notAProperty: is not a property of ${kind}`,
    });
  });

  it("still runs the serialized closure stored before (state of 0.1.0 and later)", async () => {
    const state = fs.readFileSync(path.join(__dirname, "..", "fixtures", "state-0.1.0", "state.json"), "utf8");
    const stored = (
      JSON.parse(state) as { deployment: { resources: { type: string; outputs?: { __provider?: string } }[] } }
    ).deployment.resources.find((r) => r.type.endsWith(":IpPolicy"))!.outputs!.__provider!;
    expect(stored).toContain("function __f0()");
    const provider = load(stored);
    expect(Object.keys(provider).sort()).toEqual([...METHODS].sort());
    expect((await provider.check({}, { __provider: "p", description: 7 })).failures).toEqual([
      expect.objectContaining({ property: "description" }),
    ]);
  });

  it("still runs what version 0.1.0 stored: a provider object whose methods call the runtime entry by name", async () => {
    const old = load(fs.readFileSync(path.join(__dirname, "provider-0.1.0.txt"), "utf8"));
    expect(Object.keys(old)).toEqual(METHODS);
    expect((await old.check({}, { __provider: "p", description: 7 })).failures).toEqual([
      expect.objectContaining({ property: "description" }),
    ]);
    expect(await old.diff("ipp_1", { description: "a" }, { description: "b" })).toMatchObject({ changes: true, replaces: [] });
  });
});

describe("nested service defaults", () => {
  // A throw-away kind with a module-like field.
  const mod = z.strictObject({ enabled: z.boolean().optional(), size: z.number().optional(), name: z.string() });
  const schema = z.strictObject({ module: mod.optional(), other: z.string().optional() });
  const decl: KindDeclaration = declareKind({
    name: "Test",
    doc: "A throw-away kind.",
    fields: {
      module: { input: {}, default: within({ enabled: true, size: 10 }), type: "unknown", doc: "A module." },
      other: { input: {}, type: "string", doc: "Other." },
    },
    section: "-",
    idForm: prefixed("t_"),
    createSchema: schema,
    updateSchema: schema,
    api: () => {
      throw new Error("not used");
    },
  });
  const withDefaultsForTest = (olds: Record<string, unknown>, news: Record<string, unknown>) => lifecycle.diff(decl, "t_1", olds, news);

  it("treats null and absent alike, and fills defaults only into objects the input has", () => {
    expect(sameValue({ a: 1, b: null }, { a: 1 })).toBe(true);
    expect(sameValue(null, undefined)).toBe(true);
    const stored = { module: { enabled: true, size: 10, name: "x" }, other: null };
    expect(withDefaultsForTest(stored, { module: { name: "x" } }).changes).toBe(false);
    expect(withDefaultsForTest(stored, { module: { name: "x", size: 11 } }).changes).toBe(true);
    // enabled: false differs from the default true: a real change.
    expect(withDefaultsForTest(stored, { module: { name: "x", enabled: false } }).changes).toBe(true);
    // The module is dropped from the program: a change (the module must go), not a default.
    expect(withDefaultsForTest(stored, {}).changes).toBe(true);
    expect(withDefaultsForTest({ module: null, other: null }, {}).changes).toBe(false);
  });
});
