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
import {
  enumValueName,
  markSecret,
  PACKAGE,
  pascal,
  token,
  TypeMapper,
  type EnumSpec,
  type ObjectSpec,
  type PackageSchema,
  type ResourceSpec,
  type SchemaProperty,
} from "./schema-types";

export { PACKAGE, token } from "./schema-types";
export type { EnumSpec, ObjectSpec, PackageSchema, ResourceSpec, SchemaProperty } from "./schema-types";
export const SCHEMA_PATH = "native/schema.json";
export const GO_IMPORT_BASE = NATIVE_NAMES.go;
export const PYTHON_PACKAGE = NATIVE_NAMES.python;

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

type Kind = ReturnType<typeof declaredKinds>[number];
/** The sdk's types of a resource's forms, and a property's type in them: where a nested value's doc comes from. */
interface SdkDocs {
  forms(name: string): ts.Type[];
  property(types: ts.Type[], key: string): ts.Type[];
}

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
  noteNames(program, checker, mapper, root, kinds);
  const sdk = sdkDocs(program, checker, root);
  const resources: Record<string, ResourceSpec> = {};
  for (const kind of kinds) {
    const source = program.getSourceFile(path.join(resourcesDir, `${kind.file}.ts`));
    if (!source) throw new Error(`provider/resources/${kind.file}.ts: missing (run \`npm run generate\`)`);
    resources[token(kind.declaration.name)] = resourceSpec(kind, source, checker, mapper, sdk);
  }
  const types = reachedTypes(kinds, mapper, resources);
  for (const resource of Object.values(resources))
    for (const input of Object.values(resource.inputProperties))
      if ("default" in input && !admits(input, types, input.default)) delete input.default;
  return packageSchema(root, types, resources);
}

/**
 * Whether a value is one of an input's type: a declaration's default is what the service reports when
 * the input is unset (`""` for an unset enum), which is no input value of that type, and a generated SDK
 * would send it.
 */
function admits(p: SchemaProperty, types: Record<string, ObjectSpec | EnumSpec>, value: unknown): boolean {
  if (p.oneOf) return p.oneOf.some((o) => admits(o, types, value));
  if (p.$ref) {
    const spec = types[p.$ref.replace(/^#\/types\//, "")];
    return !!spec && "enum" in spec && spec.enum.some((member) => member.value === value);
  }
  if (p.type === "integer") return Number.isInteger(value);
  return p.type !== undefined && ["string", "number", "boolean"].includes(p.type) && typeof value === p.type;
}

/**
 * Named literal unions and object types first, so every use of one (also one reached through a generic
 * alias, `RouteModuleArgs<"backend">`) has the name it is exported under.
 */
function noteNames(program: ts.Program, checker: ts.TypeChecker, mapper: TypeMapper, root: string, kinds: Kind[]): void {
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
}

/**
 * The sdk's request and response types, whose docs (its schemas' descriptions) a nested value's
 * property the classes leave undocumented takes.
 */
function sdkDocs(program: ts.Program, checker: ts.TypeChecker, root: string): SdkDocs {
  const sdkSource = program.getSourceFile(path.join(root, "sdk", "types.ts"));
  const sdkTypes = sdkSource ? checker.getExportsOfModule(checker.getSymbolAtLocation(sdkSource)!) : [];
  const sdkType = (name: string): ts.Type[] => {
    const symbol = sdkTypes.find((s) => s.getName() === name);
    return symbol ? [checker.getDeclaredTypeOfSymbol(symbol)] : [];
  };
  return {
    forms: (name) => [...sdkType(`${name}CreateParams`), ...sdkType(name)],
    property: (types, key) =>
      types.flatMap((t) => {
        const prop = checker.getPropertyOfType(t, key);
        return prop ? [checker.getTypeOfSymbol(prop)] : [];
      }),
  };
}

/** One resource: its outputs from the class, its inputs from the class's Args, the rest from the declaration. */
function resourceSpec(kind: Kind, source: ts.SourceFile, checker: ts.TypeChecker, mapper: TypeMapper, sdk: SdkDocs): ResourceSpec {
  const d = kind.declaration;
  const exported = checker.getExportsOfModule(checker.getSymbolAtLocation(source)!);
  const find = (name: string): ts.Type => {
    const symbol = exported.find((s) => s.getName() === name);
    if (!symbol) throw new Error(`provider/resources/${kind.file}.ts: exports no ${name}`);
    return checker.getDeclaredTypeOfSymbol(symbol);
  };
  const immutable = new Set(immutableKeys(d));
  const sdkForms = sdk.forms(d.name);
  const mapField = (type: ts.Type, key: string): SchemaProperty => mapper.map(type, `${d.name}${pascal(key)}`, sdk.property(sdkForms, key));
  const { properties, required } = outputSpecs(d, find(d.name), checker, mapper, mapField, immutable);
  const { inputProperties, requiredInputs } = inputSpecs(d, find(`${d.name}Args`), checker, properties, mapField, immutable);
  return {
    description: d.doc,
    properties,
    ...(required.length ? { required } : {}),
    inputProperties,
    ...(requiredInputs.length ? { requiredInputs } : {}),
  };
}

type MapField = (type: ts.Type, key: string) => SchemaProperty;

function outputSpecs(
  d: KindDeclaration,
  classType: ts.Type,
  checker: ts.TypeChecker,
  mapper: TypeMapper,
  mapField: MapField,
  immutable: Set<string>,
): { properties: Record<string, SchemaProperty>; required: string[] } {
  const secretOutputs = new Set([...(d.secretOutputs ?? []), ...ownedSecretOutputs(d)]);
  const properties: Record<string, SchemaProperty> = {};
  const required: string[] = [];
  for (const [key, field] of Object.entries(d.fields)) {
    const prop = checker.getPropertyOfType(classType, key);
    if (!prop) throw new Error(`${d.name}: the class declares no output ${key}`);
    const value = mapper.outputValue(checker.getTypeOfSymbol(prop));
    properties[key] = {
      ...mapField(value, key),
      description: field.doc,
      ...(secretOutputs.has(key) || field.secret ? { secret: true } : {}),
      ...(immutable.has(key) ? { replaceOnChanges: true } : {}),
    };
    if (!mapper.nullable(value)) required.push(key);
  }
  return { properties, required };
}

function inputSpecs(
  d: KindDeclaration,
  argsType: ts.Type,
  checker: ts.TypeChecker,
  properties: Record<string, SchemaProperty>,
  mapField: MapField,
  immutable: Set<string>,
): { inputProperties: Record<string, SchemaProperty>; requiredInputs: string[] } {
  const secretInputs = new Set(d.secretInputs ?? []);
  const inputProperties: Record<string, SchemaProperty> = {};
  const requiredInputs: string[] = [];
  for (const [key, field] of Object.entries(d.fields)) {
    if (!field.input) continue;
    const prop = checker.getPropertyOfType(argsType, key);
    if (!prop) throw new Error(`${d.name}Args declares no ${key}`);
    inputProperties[key] = {
      // Declared in another shape than the wire's (InputForm): only the declared one, the output's.
      ...(d.inputForms?.[key] ? { ...properties[key] } : mapField(checker.getTypeOfSymbol(prop), key)),
      description: inputDoc(field),
      ...(field.secret || secretInputs.has(key) ? { secret: true } : {}),
      ...(immutable.has(key) ? { replaceOnChanges: true } : {}),
      ...("default" in field && PLAIN(field.default) ? { default: field.default } : {}),
    };
    if (field.input.required) requiredInputs.push(key);
  }
  return { inputProperties, requiredInputs };
}

/** The object and enum types, credentials marked secret, only those a resource or the provider reaches. */
function reachedTypes(kinds: Kind[], mapper: TypeMapper, resources: Record<string, ResourceSpec>): Record<string, ObjectSpec | EnumSpec> {
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
  // Only the types a resource or the provider reaches: one merged into another's place is left out.
  const reached = new Set<string>();
  const reach = (value: unknown): void => {
    for (const [, ref] of JSON.stringify(value).matchAll(/"\$ref":"#\/types\/([^"]+)"/g))
      if (!reached.has(ref)) {
        reached.add(ref);
        reach(types[ref]);
      }
  };
  reach({ resources, CONFIG });
  for (const name of Object.keys(types)) if (!reached.has(name)) delete types[name];
  return types;
}

/** The whole schema around its resources and types. */
function packageSchema(root: string, types: Record<string, ObjectSpec | EnumSpec>, resources: Record<string, ResourceSpec>): PackageSchema {
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
