/**
 * native/schema.json: the Pulumi package schema the native provider serves (GetSchema) and the Go and
 * Python SDKs are generated from. Resources, properties and their docs, secrets, defaults and
 * replacements come from the kind declarations; the shapes of nested values (modules, inline rules and
 * routes, enums) from the TypeScript types the generated resource classes declare, read with the
 * compiler, so each language sees exactly what a TypeScript program does.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import { API_KEY_ENV, BASE_URL_ENV, DEFAULT_TIMEOUT_MS } from "../sdk/client";
import { DEFAULT_RATE_LIMIT_WAIT_MS } from "../sdk/core/pacer";
import { DEFAULT_MAX_RETRIES } from "../sdk/core/retry";
import { immutableKeys, type FieldDeclaration, type KindDeclaration } from "../provider/framework/kind";
import { NATIVE_NAMES } from "./reference-languages";
import { ROOT, type Generator } from "./generator";
import { declaredKinds } from "./resources";

export const PACKAGE = NATIVE_NAMES.package;
export const SCHEMA_PATH = "native/schema.json";
export const GO_IMPORT_BASE = NATIVE_NAMES.go;
export const PYTHON_PACKAGE = NATIVE_NAMES.python;
export const token = (name: string): string => `${PACKAGE}:index:${name}`;

/** A property, resource or object type of the Pulumi package schema (the parts this package uses). */
export interface SchemaProperty {
  type?: string;
  $ref?: string;
  items?: SchemaProperty;
  additionalProperties?: SchemaProperty;
  oneOf?: SchemaProperty[];
  description?: string;
  secret?: boolean;
  replaceOnChanges?: boolean;
  default?: unknown;
  defaultInfo?: { environment: string[] };
}
export interface ObjectSpec {
  type: "object";
  description?: string;
  properties: Record<string, SchemaProperty>;
  required?: string[];
}
export interface EnumSpec {
  type: "string" | "integer";
  description?: string;
  enum: { name: string; value: string | number; description?: string }[];
}
export interface ResourceSpec {
  description: string;
  properties: Record<string, SchemaProperty>;
  required?: string[];
  inputProperties: Record<string, SchemaProperty>;
  requiredInputs?: string[];
}
export interface PackageSchema {
  name: string;
  displayName: string;
  version?: string;
  description: string;
  keywords: string[];
  homepage: string;
  repository: string;
  license: string;
  publisher: string;
  meta: { moduleFormat: string };
  config: { variables: Record<string, SchemaProperty>; defaults?: string[] };
  provider: { description: string; properties: Record<string, SchemaProperty>; inputProperties: Record<string, SchemaProperty> };
  types: Record<string, ObjectSpec | EnumSpec>;
  resources: Record<string, ResourceSpec>;
  language: Record<string, unknown>;
}

/** The provider's configuration: `edgeingress:<key>` in stack config, or an explicit provider's inputs. */
const CONFIG: Record<string, SchemaProperty> = {
  apiUrl: {
    type: "string",
    description: `The API's base URL, e.g. \`https://api.example.com\`; default: the ${BASE_URL_ENV} environment variable.`,
    defaultInfo: { environment: [BASE_URL_ENV] },
  },
  apiKey: {
    type: "string",
    description: `An API key of the account; default: the ${API_KEY_ENV} environment variable. Kept encrypted in state.`,
    secret: true,
    defaultInfo: { environment: [API_KEY_ENV] },
  },
  timeoutMs: {
    type: "number",
    description: `Per attempt of a request: connect, then headers, then each body read, in milliseconds (default ${DEFAULT_TIMEOUT_MS}).`,
    default: DEFAULT_TIMEOUT_MS,
  },
  maxRetries: {
    type: "integer",
    description: `Retries of a failed request after the first attempt (default ${DEFAULT_MAX_RETRIES}); a 429 is not counted.`,
    default: DEFAULT_MAX_RETRIES,
  },
  rateLimitWaitMs: {
    type: "number",
    description: `A request fails with a rate-limit error only when nothing has gone through for this long, in milliseconds (default ${DEFAULT_RATE_LIMIT_WAIT_MS}).`,
    default: DEFAULT_RATE_LIMIT_WAIT_MS,
  },
};

const pascal = (s: string): string =>
  s
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join("");

/** An enum value's name in the SDKs: a valid identifier in every language. */
const enumValueName = (value: string | number): string => {
  const name = pascal(String(value));
  return /^[0-9]/.test(name) || !name ? `V${name || "Empty"}` : name;
};

/** A type as the classes declare it, mapped to the schema, collecting the object and enum types it names. */
class TypeMapper {
  readonly types: Record<string, ObjectSpec | EnumSpec> = {};
  /** Named unions of literals (`KeyType`), by their sorted members, so an anonymous copy of one maps to it. */
  readonly enums = new Map<string, string>();
  /** Object types already walked. */
  private readonly walked = new Map<ts.Type, string>();
  /** Exported aliases and interfaces by their type: `Inputs<…>` and `Settled<…>` keep no name of their own. */
  private readonly named = new Map<ts.Type, string>();

  constructor(private readonly checker: ts.TypeChecker) {}

  /** Registers a literal-union alias as a named enum. */
  noteEnum(name: string, type: ts.Type): void {
    const members = this.literals(type);
    if (members && members.length > 1) this.enums.set(this.enumKey(members), name);
  }

  /** Registers an exported alias or interface's type under its name (less `Args`: inputs and outputs share it). */
  noteName(name: string, type: ts.Type): void {
    if (!this.named.has(type)) this.named.set(type, name.replace(/Args$/, ""));
  }

  /** The exported name of `type`: by identity, else of a named type with the same keys each assignable to the other. */
  private nameOf(type: ts.Type): string | undefined {
    const own = this.named.get(type);
    if (own) return own;
    const keys = (t: ts.Type) =>
      JSON.stringify(
        this.checker
          .getPropertiesOfType(t)
          .map((p) => p.getName())
          .sort(),
      );
    const key = keys(type);
    if (key === "[]") return undefined;
    for (const [candidate, name] of this.named)
      if (keys(candidate) === key && this.checker.isTypeAssignableTo(type, candidate) && this.checker.isTypeAssignableTo(candidate, type))
        return name;
    return undefined;
  }

  private enumKey(members: (string | number)[]): string {
    return JSON.stringify([...members].map(String).sort());
  }

  /** The type's members less null, undefined and (for inputs) the Promise and Output forms of pulumi.Input. */
  private members(type: ts.Type): ts.Type[] {
    const all = (type.isUnion() ? type.types : [type]).map((t) =>
      // `string & {}` (a string beyond the literals named beside it) is a string.
      t.isIntersection() && t.types.some((m) => m.flags & ts.TypeFlags.String) ? this.checker.getStringType() : t,
    );
    return all.filter((t) => {
      if (t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined | ts.TypeFlags.Void)) return false;
      const name = t.getSymbol()?.getName();
      return name !== "Promise" && name !== "OutputInstance";
    });
  }

  private literals(type: ts.Type): (string | number)[] | undefined {
    const members = this.members(type);
    if (!members.length || !members.every((t) => t.isStringLiteral() || t.isNumberLiteral())) return undefined;
    return members.map((t) => (t as ts.LiteralType).value as string | number);
  }

  /** Whether the type admits null or undefined (an output that may be unset is not required). */
  nullable(type: ts.Type): boolean {
    return (type.isUnion() ? type.types : [type]).some((t) => t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined));
  }

  /** What a pulumi.Output<T> holds. */
  outputValue(type: ts.Type): ts.Type {
    if (type.aliasSymbol?.getName() === "Output" && type.aliasTypeArguments?.length) return type.aliasTypeArguments[0];
    const parts = type.isIntersection() ? type.types : [type];
    const instance = parts.find((t) => t.getSymbol()?.getName() === "OutputInstance");
    if (!instance) throw new Error(`not a pulumi.Output: ${this.checker.typeToString(type)}`);
    return this.checker.getTypeArguments(instance as ts.TypeReference)[0];
  }

  /** The schema of a value of `type`; `context` names an anonymous object type (`SshUserCertificateCriticalOptions`). */
  map(type: ts.Type, context: string): SchemaProperty {
    const members = this.members(type);
    if (!members.length) return { $ref: "pulumi.json#/Any" };
    const literals = this.literals(type);
    if (literals) {
      const named = this.enums.get(this.enumKey(literals));
      if (named && literals.length > 1) return { $ref: `#/types/${token(named)}` };
      return { type: literals.every((v) => typeof v === "number") ? (literals.every(Number.isInteger) ? "integer" : "number") : "string" };
    }
    if (members.every((t) => t.flags & ts.TypeFlags.BooleanLike)) return { type: "boolean" };
    if (members.length > 1) {
      // Strings and string literals together (`ReservedDomainRegion | ""`) are a string.
      if (members.every((t) => t.flags & ts.TypeFlags.StringLike)) return { type: "string" };
      if (members.every((t) => t.flags & ts.TypeFlags.NumberLike)) return { type: "number" };
      const seen = new Set<string>();
      const oneOf = members
        .map((t, i) => this.map(t, `${context}${i}`))
        .filter((s) => {
          const key = JSON.stringify(s);
          return !seen.has(key) && (seen.add(key), true);
        });
      return oneOf.length === 1 ? oneOf[0] : { oneOf };
    }
    const t = members[0];
    if (t.flags & ts.TypeFlags.StringLike) return { type: "string" };
    if (t.flags & ts.TypeFlags.NumberLike) return { type: "number" };
    if (t.flags & ts.TypeFlags.Any || t.flags & ts.TypeFlags.Unknown) return { $ref: "pulumi.json#/Any" };
    if (this.checker.isArrayType(t))
      return { type: "array", items: this.map(this.checker.getTypeArguments(t as ts.TypeReference)[0], context) };
    const props = this.checker.getPropertiesOfType(t);
    const index = t.getStringIndexType();
    if (index && !props.length) return { type: "object", additionalProperties: this.map(index, context) };
    return { $ref: `#/types/${token(this.objectType(t, context))}` };
  }

  /** Registers an object type under its TypeScript name (less `Args`: one schema type serves input and output). */
  private objectType(type: ts.Type, context: string): string {
    const walked = this.walked.get(type);
    if (walked) return walked;
    // A generic alias's instance (`Settled<…>`) is named by its context, not the alias.
    const declared = type.aliasTypeArguments?.length ? undefined : (type.aliasSymbol?.getName() ?? type.getSymbol()?.getName());
    const name = this.nameOf(type) ?? (declared && !declared.startsWith("__") ? declared.replace(/Args$/, "") : context);
    this.walked.set(type, name);
    const existing = Object.hasOwn(this.types, name) ? (this.types[name] as ObjectSpec) : undefined;
    const spec: ObjectSpec = existing ?? { type: "object", properties: {}, required: [] };
    if (!existing) this.types[name] = spec;
    const doc = this.doc(type.aliasSymbol ?? type.getSymbol());
    if (doc && !spec.description) spec.description = doc;
    const required = new Set<string>();
    for (const prop of this.checker.getPropertiesOfType(type)) {
      const key = prop.getName();
      const propType = this.checker.getTypeOfSymbol(prop);
      const mapped = this.map(propType, `${name}${pascal(key)}`);
      const doc = this.doc(prop);
      if (!spec.properties[key]) spec.properties[key] = { ...mapped, ...(doc ? { description: doc } : {}) };
      else {
        if (doc && !spec.properties[key].description) spec.properties[key].description = doc;
        this.requireCommon(spec.properties[key], mapped);
      }
      if (!(prop.flags & ts.SymbolFlags.Optional) && !this.nullable(propType)) required.add(key);
    }
    // Input and output forms merged: a key is required when every form requires it.
    spec.required = existing ? (spec.required ?? []).filter((k) => required.has(k)) : [...required];
    return name;
  }

  /**
   * The property kept from another form (`OAuthModule.provider` of the output reaches `OAuthProviderConfig`,
   * of the input a config that requires nothing) requires only what `other` requires too: a program may
   * leave out what only the service's answer always holds.
   */
  private requireCommon(kept: SchemaProperty, other: SchemaProperty): void {
    const target = (p: SchemaProperty | undefined) => {
      const ref = p?.$ref ?? p?.items?.$ref ?? p?.additionalProperties?.$ref;
      const spec = ref?.startsWith("#/types/") ? this.types[ref.slice("#/types/".length).replace(/^[^:]+:[^:]+:/, "")] : undefined;
      return spec && "properties" in spec ? (spec as ObjectSpec) : undefined;
    };
    const [a, b] = [target(kept), target(other)];
    if (a && b && a !== b) a.required = (a.required ?? []).filter((k) => b.required?.includes(k));
  }

  private doc(symbol: ts.Symbol | undefined): string {
    return symbol ? ts.displayPartsToString(symbol.getDocumentationComment(this.checker)).replace(/\s+/g, " ").trim() : "";
  }
}

const PLAIN = (v: unknown): boolean => ["string", "number", "boolean"].includes(typeof v);

/** An input's doc, as the class's Args writes it: its own text, with its default when it does not say it. */
function inputDoc(field: FieldDeclaration): string {
  const doc = field.input?.doc ?? field.doc;
  if (!("default" in field) || !PLAIN(field.default) || /default/i.test(doc)) return doc;
  return `${doc} Default ${JSON.stringify(field.default)}.`;
}

/** Keys of an owned input's children that hold credentials: their values are stored as secrets. */
const ownedSecretOutputs = (decl: KindDeclaration): string[] =>
  Object.values(decl.owns ?? {}).flatMap((o) => (o.secrets ? [o.secrets.output] : []));

/** The package schema, from the declarations and the resource classes (`root` holds provider/resources). */
export function buildSchema(root = ROOT): PackageSchema {
  const kinds = declaredKinds();
  const resourcesDir = path.join(root, "provider", "resources");
  const configFile = ts.readConfigFile(path.join(root, "tsconfig.json"), (p) => ts.sys.readFile(p));
  const options = ts.parseJsonConfigFileContent(configFile.config, ts.sys, root).options;
  const files = kinds.map((k) => path.join(resourcesDir, `${k.file}.ts`));
  const program = ts.createProgram(files, { ...options, noEmit: true });
  const checker = program.getTypeChecker();
  const mapper = new TypeMapper(checker);

  // Named literal unions and object types first, so every use of one (also one reached through a generic
  // alias, `RouteModuleArgs<"backend">`) has the name it is exported under.
  const nameSources = [path.join(root, "provider", "types.ts"), ...kinds.map((k) => path.join(root, "provider", "kinds", `${k.file}.ts`))];
  for (const file of nameSources) {
    const source = program.getSourceFile(file);
    if (!source) continue;
    for (const statement of source.statements) {
      if (!(ts.isTypeAliasDeclaration(statement) || ts.isInterfaceDeclaration(statement))) continue;
      if (statement.typeParameters?.length || !statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
      const type = checker.getTypeAtLocation(statement.name);
      if (ts.isTypeAliasDeclaration(statement)) mapper.noteEnum(statement.name.text, type);
      mapper.noteName(statement.name.text, type);
    }
  }

  const resources: Record<string, ResourceSpec> = {};
  for (const kind of kinds) {
    const d = kind.declaration;
    const source = program.getSourceFile(path.join(resourcesDir, `${kind.file}.ts`));
    if (!source) throw new Error(`provider/resources/${kind.file}.ts: missing (run \`npm run generate\`)`);
    const exported = checker.getExportsOfModule(checker.getSymbolAtLocation(source)!);
    const find = (name: string): ts.Symbol => {
      const symbol = exported.find((s) => s.getName() === name);
      if (!symbol) throw new Error(`provider/resources/${kind.file}.ts: exports no ${name}`);
      return symbol;
    };
    const classType = checker.getDeclaredTypeOfSymbol(find(d.name));
    const argsType = checker.getDeclaredTypeOfSymbol(find(`${d.name}Args`));
    const immutable = new Set(immutableKeys(d));
    const secretOutputs = new Set([...(d.secretOutputs ?? []), ...ownedSecretOutputs(d)]);
    const secretInputs = new Set(d.secretInputs ?? []);

    const properties: Record<string, SchemaProperty> = {};
    const required: string[] = [];
    for (const [key, field] of Object.entries(d.fields)) {
      const prop = checker.getPropertyOfType(classType, key);
      if (!prop) throw new Error(`${d.name}: the class declares no output ${key}`);
      const value = mapper.outputValue(checker.getTypeOfSymbol(prop));
      properties[key] = {
        ...mapper.map(value, `${d.name}${pascal(key)}`),
        description: field.doc,
        ...(secretOutputs.has(key) || field.secret ? { secret: true } : {}),
        ...(immutable.has(key) ? { replaceOnChanges: true } : {}),
      };
      if (!mapper.nullable(value)) required.push(key);
    }
    const inputProperties: Record<string, SchemaProperty> = {};
    const requiredInputs: string[] = [];
    for (const [key, field] of Object.entries(d.fields)) {
      if (!field.input) continue;
      const prop = checker.getPropertyOfType(argsType, key);
      if (!prop) throw new Error(`${d.name}Args declares no ${key}`);
      inputProperties[key] = {
        // Declared in another shape than the wire's (InputForm): only the declared one, the output's.
        ...(d.inputForms?.[key] ? { ...properties[key] } : mapper.map(checker.getTypeOfSymbol(prop), `${d.name}${pascal(key)}`)),
        description: inputDoc(field),
        ...(field.secret || secretInputs.has(key) ? { secret: true } : {}),
        ...(immutable.has(key) ? { replaceOnChanges: true } : {}),
        ...("default" in field && PLAIN(field.default) ? { default: field.default } : {}),
      };
      if (field.input.required) requiredInputs.push(key);
    }
    resources[token(d.name)] = {
      description: d.doc,
      properties,
      ...(required.length ? { required } : {}),
      inputProperties,
      ...(requiredInputs.length ? { requiredInputs } : {}),
    };
  }

  for (const kind of kinds)
    for (const credential of kind.declaration.credentials ?? []) {
      const resource = resources[token(kind.declaration.name)];
      markSecret(mapper.types, resource.inputProperties, credential.split("."));
      // Inside an output too: its object types may be others than the input's (a record's values).
      if (credential.includes(".")) markSecret(mapper.types, resource.properties, credential.split("."));
    }
  const types = Object.fromEntries(Object.entries(mapper.types).map(([name, spec]) => [token(name), spec]));
  // Enums named by a resource or type only.
  const used = JSON.stringify({ resources, types });
  for (const [key, name] of mapper.enums) {
    if (!used.includes(`#/types/${token(name)}"`)) continue;
    const values = JSON.parse(key) as string[];
    types[token(name)] = { type: "string", enum: values.map((value) => ({ name: enumValueName(value), value })) };
  }
  for (const spec of Object.values(types)) if ("properties" in spec && !spec.required?.length) delete spec.required;

  return {
    name: PACKAGE,
    displayName: "Edge Ingress",
    // The plugin is this npm package's bin: the same version.
    version: (JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { version: string }).version,
    description:
      "Manage Edge Ingress accounts: IP policies, restrictions, API keys, edges, routes, events, certificates and SSH credentials.",
    keywords: ["pulumi", "edgeingress", "edge-ingress", "category/network"],
    homepage: "https://github.com/edge-ingress/pulumi#readme",
    repository: "https://github.com/edge-ingress/pulumi",
    license: "Apache-2.0",
    publisher: "Edge Ingress",
    meta: { moduleFormat: "(.*)" },
    config: { variables: CONFIG },
    provider: {
      description:
        "The Edge Ingress provider: one account, by its API URL and key (stack config `edgeingress:*` or the environment for the default provider).",
      properties: Object.fromEntries(Object.entries(CONFIG).filter(([, p]) => p.type === "string")),
      inputProperties: CONFIG,
    },
    types: sortKeys(types),
    resources: sortKeys(resources),
    language: {
      go: { importBasePath: GO_IMPORT_BASE, generateResourceContainerTypes: true, respectSchemaVersion: true },
      python: { packageName: PYTHON_PACKAGE, respectSchemaVersion: true, pyproject: { enabled: true } },
      nodejs: { packageName: "@edge-ingress/pulumi-native", respectSchemaVersion: true },
    },
  };
}

/** Marks the property at `path` (`*` = every key) secret, through the object types it names. */
function markSecret(
  types: Record<string, ObjectSpec | EnumSpec>,
  properties: Record<string, SchemaProperty>,
  [key, ...rest]: string[],
): void {
  for (const [name, property] of Object.entries(properties)) {
    if (key !== "*" && key !== name) continue;
    if (!rest.length) {
      property.secret = true;
      continue;
    }
    let target = property;
    let path = rest;
    while (target.items ?? target.additionalProperties) {
      // A record's `*` is its every key (`provider.*.clientSecret`); an array's items are passed through.
      if (target.additionalProperties && path[0] === "*") path = path.slice(1);
      target = (target.items ?? target.additionalProperties)!;
    }
    if (!path.length) {
      target.secret = true;
      continue;
    }
    const ref = target.$ref?.replace(`#/types/${PACKAGE}:index:`, "");
    const spec = ref ? types[ref] : undefined;
    if ((!spec || !("properties" in spec)) && key === "*") continue;
    if (!spec || !("properties" in spec)) throw new Error(`credential path ${[key, ...rest].join(".")}: ${name} is not an object`);
    markSecret(types, spec.properties, path);
  }
}

const sortKeys = <T>(record: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

export const schema: Generator = {
  name: "schema",
  // Reads the generated resource classes.
  rendersFromGenerated: true,
  files() {
    return [{ path: SCHEMA_PATH, text: `${JSON.stringify(buildSchema(), null, 2)}\n` }];
  },
};
