/**
 * The package schema (native/schema.json) holds what the declarations say: every kind, every input and
 * output with its doc, secrets, replacements, required inputs, defaults and the provider's config.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { ROOT } from "../../generate";
import { buildSchema, SCHEMA_PATH, token, type PackageSchema, type SchemaProperty } from "../../generate/schema";
import { immutableKeys } from "../../provider/framework/kind";
import { kinds } from "../../provider/kinds";

let schema: PackageSchema;
beforeAll(() => {
  schema = buildSchema();
}, 120_000);

const declarations = () => Object.values(kinds);

test("the committed schema is the one the declarations give", () => {
  expect(JSON.parse(fs.readFileSync(path.join(ROOT, SCHEMA_PATH), "utf8"))).toEqual(JSON.parse(JSON.stringify(schema)));
});

test("every kind is a resource edgeingress:index:<Kind>, and nothing else is", () => {
  expect(Object.keys(schema.resources).sort()).toEqual(
    declarations()
      .map((d) => token(d.name))
      .sort(),
  );
  expect(Object.keys(schema.resources)).toHaveLength(22);
});

test("properties are the class's fields, inputs its Args' (less the dynamic-only connection and adopt)", () => {
  for (const d of declarations()) {
    const resource = schema.resources[token(d.name)];
    expect(Object.keys(resource.properties)).toEqual(Object.keys(d.fields));
    expect(Object.keys(resource.inputProperties)).toEqual(
      Object.entries(d.fields)
        .filter(([, f]) => f.input)
        .map(([k]) => k),
    );
    expect(resource.requiredInputs ?? []).toEqual(
      Object.entries(d.fields)
        .filter(([, f]) => f.input?.required)
        .map(([k]) => k),
    );
  }
});

test("every resource, input and output is documented", () => {
  for (const [name, resource] of Object.entries(schema.resources)) {
    expect(`${name}: ${resource.description}`).toMatch(/: \S/);
    for (const [key, p] of [...Object.entries(resource.properties), ...Object.entries(resource.inputProperties)])
      expect(`${name}.${key}: ${p.description ?? ""}`).toMatch(/: \S/);
  }
});

test("every property at every level is documented: inputs, outputs, the provider's config and every object type's", () => {
  const undocumented: string[] = [];
  const check = (where: string, properties: Record<string, SchemaProperty>) => {
    for (const [key, p] of Object.entries(properties)) if (!p.description?.trim()) undocumented.push(`${where}.${key}`);
  };
  for (const [name, resource] of Object.entries(schema.resources)) {
    check(`${name} output`, resource.properties);
    check(`${name} input`, resource.inputProperties);
  }
  check("provider", schema.provider.inputProperties);
  check("config", schema.config.variables);
  for (const [name, type] of Object.entries(schema.types)) if ("properties" in type) check(name, type.properties);
  expect(undocumented).toEqual([]);
  // Reached only through a nested value: a credential of an event target, a route's secret module.
  expect(schema.types[token("EventAuthCreds")]).toMatchObject({
    properties: { accessKeyId: { description: expect.stringMatching(/\S/) } },
  });
  expect(schema.types[token("HttpsEdgeInlineRouteSecrets")]).toMatchObject({
    properties: { oauth: { description: expect.stringMatching(/\S/) } },
  });
});

test("every type the schema defines is referenced, from a resource or the provider through the types", () => {
  const reached = new Set<string>();
  const visit = (value: unknown) => {
    for (const [, ref] of JSON.stringify(value).matchAll(/"\$ref":"#\/types\/([^"]+)"/g)) {
      if (reached.has(ref)) continue;
      reached.add(ref);
      visit(schema.types[ref]);
    }
  };
  visit({ resources: schema.resources, provider: schema.provider, config: schema.config });
  expect(Object.keys(schema.types).filter((name) => !reached.has(name))).toEqual([]);
});

test("an input and its output share one object type, with every key of both: the OAuth provider's teams and organizations", () => {
  const provider = schema.types[token("OAuthModule")];
  expect(provider).toMatchObject({
    properties: { provider: { additionalProperties: { $ref: `#/types/${token("OAuthProviderConfig")}` } } },
  });
  expect(Object.keys((schema.types[token("OAuthProviderConfig")] as { properties: object }).properties)).toEqual(
    expect.arrayContaining(["clientId", "clientSecret", "teams", "organizations"]),
  );
});

test("secret fields are secret, and no others are, inputs and outputs alike", () => {
  for (const d of declarations()) {
    const resource = schema.resources[token(d.name)];
    const ownedSecrets = Object.values(d.owns ?? {}).flatMap((o) => (o.secrets ? [o.secrets.output] : []));
    for (const [key, field] of Object.entries(d.fields)) {
      const secret = Boolean(field.secret) || ownedSecrets.includes(key);
      expect([d.name, key, resource.properties[key].secret === true]).toEqual([d.name, key, secret]);
      if (field.input) expect([d.name, key, resource.inputProperties[key].secret === true]).toEqual([d.name, key, Boolean(field.secret)]);
    }
  }
  // Spot checks of what that means.
  expect(schema.resources[token("ApiKey")].properties.token.secret).toBe(true);
  expect(schema.resources[token("HttpsEdge")].properties.routeSecretModules.secret).toBe(true);
});

test("credentials inside nested inputs are secret properties of their types", () => {
  expect(schema.types[token("OAuthProviderConfig")]).toMatchObject({ properties: { clientSecret: { secret: true } } });
  expect(schema.types[token("WebhookVerificationModule")]).toMatchObject({ properties: { secret: { secret: true } } });
});

test("immutable inputs, and only they, replace on change", () => {
  for (const d of declarations()) {
    const resource = schema.resources[token(d.name)];
    const immutable = immutableKeys(d);
    const replacing = Object.entries(resource.inputProperties)
      .filter(([, p]) => p.replaceOnChanges)
      .map(([k]) => k);
    expect([d.name, replacing.sort()]).toEqual([d.name, [...immutable].sort()]);
  }
  expect(schema.resources[token("IpRestriction")].inputProperties.type.replaceOnChanges).toBe(true);
  expect(schema.resources[token("IpPolicy")].inputProperties.description.replaceOnChanges).toBeUndefined();
});

test("plain defaults are schema defaults; an enum's only when it is one of its members", () => {
  for (const d of declarations())
    for (const [key, field] of Object.entries(d.fields))
      if (field.input && ["string", "number", "boolean"].includes(typeof field.default)) {
        const input = schema.resources[token(d.name)].inputProperties[key];
        const members = input.$ref
          ? (schema.types[input.$ref.replace(/^#\/types\//, "")] as { enum?: { value: unknown }[] }).enum
          : undefined;
        const expected = members && !members.some((m) => m.value === field.default) ? undefined : field.default;
        expect([d.name, key, input.default]).toEqual([d.name, key, expected]);
      }
  // The service's "" for an unset region is no member of the enum.
  expect(schema.resources[token("ReservedDomain")].inputProperties.region).not.toHaveProperty("default");
});

test("every reference names a type the schema defines; enums are named types", () => {
  const refs = [...JSON.stringify(schema).matchAll(/"\$ref":"#\/types\/([^"]+)"/g)].map((m) => m[1]);
  expect(refs.length).toBeGreaterThan(0);
  for (const ref of new Set(refs)) expect([ref, ref in schema.types]).toEqual([ref, true]);
  expect(schema.resources[token("IpRestriction")].inputProperties.type.$ref).toBe(`#/types/${token("IpRestrictionType")}`);
  expect(schema.types[token("IpRestrictionType")]).toMatchObject({
    type: "string",
    enum: expect.arrayContaining([{ name: "Api", value: "api" }]),
  });
  const rule = schema.types[token("IpPolicyInlineRule")];
  expect(rule).toMatchObject({ properties: { action: { $ref: `#/types/${token("IpPolicyRuleAction")}` } }, required: ["cidr", "action"] });
});

test("nested inputs are object types: inline rules, routes and modules", () => {
  const items = (p: SchemaProperty) => p.items?.$ref;
  expect(items(schema.resources[token("IpPolicy")].inputProperties.rules)).toBe(`#/types/${token("IpPolicyInlineRule")}`);
  expect(items(schema.resources[token("HttpsEdge")].inputProperties.routes)).toBe(`#/types/${token("HttpsEdgeInlineRoute")}`);
  expect(schema.resources[token("HttpsEdgeRoute")].inputProperties.backend.$ref).toBe(`#/types/${token("BackendModule")}`);
});

test("the provider's config: the API URL and key (secret) with their environment variables, and the client's settings", () => {
  for (const config of [schema.config.variables, schema.provider.inputProperties]) {
    expect(Object.keys(config).sort()).toEqual(["apiKey", "apiUrl", "maxRetries", "rateLimitWaitMs", "timeoutMs"]);
    expect(config.apiKey).toMatchObject({ secret: true, defaultInfo: { environment: ["EDGE_INGRESS_API_KEY"] } });
    expect(config.apiUrl).toMatchObject({ defaultInfo: { environment: ["EDGE_INGRESS_API_URL"] } });
  }
  expect(schema.provider.properties.apiKey.secret).toBe(true);
});

test("the languages' package names", () => {
  expect(schema.name).toBe("edgeingress");
  expect(schema.language.go).toMatchObject({ importBasePath: "github.com/edge-ingress/pulumi/sdks/go/edgeingress" });
  expect(schema.language.python).toMatchObject({ packageName: "edge_ingress_pulumi" });
});

test("a type reached in both forms requires only what every form requires: an OAuth provider's settings as a request sets them", () => {
  // The module's output form reaches `OAuthProviderConfig` (scopes and emails always listed), its input
  // form a config where all are optional: a program must be able to leave them out.
  const object = (name: string) => schema.types[name] as { properties: Record<string, SchemaProperty>; required?: string[] };
  const ref = object(token("OAuthModule")).properties.provider.additionalProperties!.$ref!;
  expect(object(ref.replace("#/types/", "")).required ?? []).toEqual([]);
});
