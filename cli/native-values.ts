/**
 * Values of an export plan as Go and Python expressions of the SDKs generated from the package schema
 * (native/schema.json): the schema says which SDK type each value has (`pulumi.String`,
 * `edgeingress.IpPolicyInlineRuleArgs{…}`, `ei.IpPolicyInlineRuleArgs(…)`), and how the SDKs name
 * properties (`IpPolicyIds`, `ip_policy_ids`). Pure, as the TypeScript printer is.
 */
import { Ref, Secret } from "./plan";

/** The part of the package schema the printers read. */
export interface PackageSchema {
  resources: Record<string, { inputProperties?: Record<string, PropertySpec> }>;
  types: Record<string, { type: string; properties?: Record<string, PropertySpec>; required?: string[]; enum?: unknown[] }>;
  language?: { go?: { importBasePath?: string }; python?: { packageName?: string } };
}

export interface PropertySpec {
  type?: string;
  $ref?: string;
  items?: PropertySpec;
  additionalProperties?: PropertySpec;
}

/** A kind's type token: `edgeingress:index:IpPolicy`. */
export const typeToken = (kind: string): string => `edgeingress:index:${kind}`;

/** The SDKs' name of a property: Go's exported field (`force-command` → `ForceCommand`), Python's keyword (`force_command`). */
export const goName = (name: string): string =>
  name
    .split(/[^A-Za-z0-9]+/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("");
export const pyName = (name: string): string =>
  name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .toLowerCase();

/** What a value is in the SDKs, by its schema spec. */
type Shape =
  | { is: "scalar"; scalar: string }
  | { is: "array" | "map"; of: PropertySpec }
  | { is: "enum"; name: string }
  | { is: "object"; name: string; properties: Record<string, PropertySpec> };

function shapeOf(schema: PackageSchema, spec: PropertySpec, where: string): Shape {
  if (spec.$ref) {
    const token = spec.$ref.replace(/^#\/types\//, "");
    const type = schema.types[token];
    if (!type) throw new Error(`export: ${where}: the schema has no type ${token}`);
    const name = token.split(":").pop()!;
    return type.enum ? { is: "enum", name } : { is: "object", name, properties: type.properties ?? {} };
  }
  if (spec.type === "array") return { is: "array", of: spec.items! };
  if (spec.type === "object" && spec.additionalProperties) return { is: "map", of: spec.additionalProperties };
  if (spec.type && ["string", "integer", "number", "boolean"].includes(spec.type)) return { is: "scalar", scalar: spec.type };
  throw new Error(`export: ${where}: no SDK type for ${JSON.stringify(spec)}`);
}

/** The schema's input properties of `kind`. */
export function inputsOf(schema: PackageSchema, kind: string): Record<string, PropertySpec> {
  const resource = schema.resources[typeToken(kind)];
  if (!resource) throw new Error(`export: the schema has no resource ${typeToken(kind)}`);
  return resource.inputProperties ?? {};
}

function propertyOf(properties: Record<string, PropertySpec>, key: string, where: string): PropertySpec {
  const spec = properties[key];
  if (!spec) throw new Error(`export: ${where}.${key} is not an input of the schema`);
  return spec;
}

/**
 * `inputs` of `kind` with every list or map an object type of the schema requires, where the plan left
 * it out as the service's default, given as empty: the SDKs and Pulumi YAML refuse an object without
 * its required properties (today's schema requires none such; test/cli/native.test.ts checks both). References and secrets are kept.
 */
export function withRequired(schema: PackageSchema, kind: string, inputs: Record<string, unknown>): Record<string, unknown> {
  const complete = (spec: PropertySpec, value: unknown, where: string): unknown => {
    if (value === null || typeof value !== "object" || value instanceof Ref || value instanceof Secret) return value;
    const shape = shapeOf(schema, spec, where);
    if (shape.is === "array") return (value as unknown[]).map((v, i) => complete(shape.of, v, `${where}[${i}]`));
    if (shape.is === "map") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, complete(shape.of, v, `${where}.${k}`)]));
    if (shape.is !== "object") return value;
    const token = spec.$ref!.replace(/^#\/types\//, "");
    const out = completeObject(shape.properties, value as Record<string, unknown>, where);
    for (const key of schema.types[token].required ?? []) {
      if (out[key] !== undefined) continue;
      const missing = shapeOf(schema, shape.properties[key], `${where}.${key}`);
      if (missing.is === "array") out[key] = [];
      else if (missing.is === "map") out[key] = {};
      else throw new Error(`export: ${where}.${key} is required by the schema and has no value`);
    }
    return out;
  };
  const completeObject = (properties: Record<string, PropertySpec>, value: Record<string, unknown>, where: string) =>
    Object.fromEntries(Object.entries(value).map(([k, v]) => [k, complete(propertyOf(properties, k, where), v, `${where}.${k}`)]));
  return completeObject(inputsOf(schema, kind), inputs, kind);
}

/** A string as a literal both Go and Python read as the same string (JSON's escapes are a subset of theirs). */
const quoted = (text: string): string => JSON.stringify(text).replace(/[\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);

// --- Go ------------------------------------------------------------------------------------------

const GO_SCALARS: Record<string, string> = { string: "String", integer: "Int", number: "Float64", boolean: "Bool" };

/** A Go string: raw (backquoted) when it spans lines and can be, so a PEM stays readable. */
function goString(text: string): string {
  if (text.includes("\n") && !/[`\r\0-\x09\x0b-\x1f\x7f]/.test(text)) return `\`${text}\``;
  return quoted(text);
}

/** The Go SDK type of a list or map of `spec`'s values (`pulumi.StringArray`, `edgeingress.IpPolicyInlineRuleArray`). */
function goCollection(schema: PackageSchema, spec: PropertySpec, suffix: "Array" | "Map", where: string): string {
  const shape = shapeOf(schema, spec, where);
  if (shape.is === "scalar") return `pulumi.${GO_SCALARS[shape.scalar]}${suffix}`;
  if (shape.is === "enum" || shape.is === "object") return `edgeingress.${shape.name}${suffix}`;
  throw new Error(`export: ${where}: no Go SDK type for a nested ${shape.is}`);
}

/** `value` as a Go expression of the type `spec` gives it, laid out from column `indent` (tabs). */
export function goValue(schema: PackageSchema, spec: PropertySpec, value: unknown, where: string, indent = "\t"): string {
  const inner = `${indent}\t`;
  const shape = shapeOf(schema, spec, where);
  if (value instanceof Ref) return `${value.variable}.ID().ToStringOutput()`;
  if (value instanceof Secret) return `config.RequireSecret(ctx, ${quoted(value.key)})`;
  const block = (type: string, entries: string[]) =>
    entries.length ? `${type}{\n${entries.map((e) => `${inner}${e},`).join("\n")}\n${indent}}` : `${type}{}`;
  switch (shape.is) {
    case "scalar":
      return `pulumi.${GO_SCALARS[shape.scalar]}(${typeof value === "string" ? goString(value) : String(value)})`;
    case "enum":
      return `edgeingress.${shape.name}(${quoted(String(value))})`;
    case "array":
      return block(
        goCollection(schema, shape.of, "Array", where),
        (value as unknown[]).map((v, i) => goValue(schema, shape.of, v, `${where}[${i}]`, inner)),
      );
    case "map":
      return block(
        goCollection(schema, shape.of, "Map", where),
        Object.entries(value as Record<string, unknown>).map(
          ([k, v]) => `${quoted(k)}: ${goValue(schema, shape.of, v, `${where}.${k}`, inner)}`,
        ),
      );
    case "object":
      return block(`edgeingress.${shape.name}Args`, goFields(schema, shape.properties, value as Record<string, unknown>, where, inner));
  }
}

/** `Field: value` for each entry of an object of `properties`. */
export function goFields(
  schema: PackageSchema,
  properties: Record<string, PropertySpec>,
  value: Record<string, unknown>,
  where: string,
  indent: string,
): string[] {
  return Object.entries(value).map(
    ([k, v]) => `${goName(k)}: ${goValue(schema, propertyOf(properties, k, where), v, `${where}.${k}`, indent)}`,
  );
}

// --- Python --------------------------------------------------------------------------------------

/** `value` as a Python expression (`ei.` the SDK's module), laid out from column `indent` (spaces). */
export function pyValue(schema: PackageSchema, spec: PropertySpec, value: unknown, where: string, indent = ""): string {
  const inner = `${indent}    `;
  if (value instanceof Ref) return `${pyName(value.variable)}.id`;
  if (value instanceof Secret) return `config.require_secret(${quoted(value.key)})`;
  const shape = shapeOf(schema, spec, where);
  const block = (open: string, entries: string[], close: string) =>
    entries.length ? `${open}\n${entries.map((e) => `${inner}${e},`).join("\n")}\n${indent}${close}` : `${open}${close}`;
  switch (shape.is) {
    case "scalar":
      if (typeof value === "boolean") return value ? "True" : "False";
      return typeof value === "string" ? quoted(value) : String(value);
    case "enum":
      return quoted(String(value));
    case "array":
      return block(
        "[",
        (value as unknown[]).map((v, i) => pyValue(schema, shape.of, v, `${where}[${i}]`, inner)),
        "]",
      );
    case "map":
      return block(
        "{",
        Object.entries(value as Record<string, unknown>).map(
          ([k, v]) => `${quoted(k)}: ${pyValue(schema, shape.of, v, `${where}.${k}`, inner)}`,
        ),
        "}",
      );
    case "object":
      return block(`ei.${shape.name}Args(`, pyArguments(schema, shape.properties, value as Record<string, unknown>, where, inner), ")");
  }
}

/** `name=value` for each entry of an object of `properties`. */
export function pyArguments(
  schema: PackageSchema,
  properties: Record<string, PropertySpec>,
  value: Record<string, unknown>,
  where: string,
  indent: string,
): string[] {
  return Object.entries(value).map(
    ([k, v]) => `${pyName(k)}=${pyValue(schema, propertyOf(properties, k, where), v, `${where}.${k}`, indent)}`,
  );
}
