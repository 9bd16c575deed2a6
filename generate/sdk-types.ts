/**
 * sdk/types.ts: the sdk's public types as plain TypeScript, printed from its zod schemas. The schemas stay
 * the runtime checks; the public declarations name only these types, so a program type-checks them
 * without zod's declarations (which need `esModuleInterop`). A request schema (`...Params`) gives its input
 * type, every other schema its output type; a kind's module set (`...Modules`) gives each module's pair.
 * test/sdk/types-equal.ts (generated too) makes tsc compare each type with its schema's.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { z } from "zod";
import { GENERATED_HEADER, ROOT, type GeneratedFile, type Generator } from "./generator";
import { DESCRIPTION_MAX_BYTES, METADATA_MAX_BYTES } from "../sdk/core/fields";

type IO = "input" | "output";

/** The sdk modules whose schemas are public, relative to sdk/ (every resource module follows). */
const CORE_MODULES = ["core/fields", "core/pagination"];

export function sdkModules(root = ROOT): string[] {
  const resources = fs
    .readdirSync(path.join(root, "sdk", "resources"))
    .filter((f) => f.endsWith(".ts") && f !== "index.ts")
    .map((f) => `resources/${f.slice(0, -3)}`)
    .sort();
  return [...CORE_MODULES, ...resources];
}

/** A public schema name: PascalCase (builders such as `description` and constants such as `MAX_PAGE_SIZE` are not). */
const PUBLIC_NAME = /^[A-Z][A-Za-z0-9]*$/;

const isSchema = (v: unknown): v is z.ZodType => v instanceof z.ZodType;

/** Request schemas are typed as callers write them (input), the others as the sdk returns them (output). */
export const ioOf = (name: string): IO => (name.endsWith("Params") ? "input" : "output");

interface ModuleSchemas {
  params: z.ZodType;
  model: z.ZodType;
  /** The doc of the module's entry. */
  description?: string;
}

function isModuleSet(v: unknown): v is Record<string, ModuleSchemas> {
  if (typeof v !== "object" || v === null || isSchema(v) || Array.isArray(v)) return false;
  const entries = Object.values(v as Record<string, unknown>);
  return (
    entries.length > 0 &&
    entries.every(
      (m) => typeof m === "object" && m !== null && isSchema((m as ModuleSchemas).params) && isSchema((m as ModuleSchemas).model),
    )
  );
}

export interface Declaration {
  /** The sdk module (relative to sdk/) that exports it. */
  module: string;
  name: string;
  kind: "schema" | "modules";
  value: z.ZodType | Record<string, ModuleSchemas>;
}

/** Every public schema and module set of the given modules, in module order. */
export function declarations(modules: readonly string[], load: (module: string) => Record<string, unknown>): Declaration[] {
  const out: Declaration[] = [];
  const seen = new Map<string, string>();
  for (const module of modules) {
    for (const [name, value] of Object.entries(load(module))) {
      if (!PUBLIC_NAME.test(name)) continue;
      const kind = isSchema(value) ? "schema" : isModuleSet(value) ? "modules" : undefined;
      if (!kind) continue;
      const other = seen.get(name);
      if (other !== undefined) throw new Error(`sdk-types: ${name} is exported by both sdk/${other}.ts and sdk/${module}.ts`);
      seen.set(name, module);
      out.push({ module, name, kind, value: value as Declaration["value"] });
    }
  }
  return out;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const key = (k: string) => (IDENTIFIER.test(k) ? k : JSON.stringify(k));

function docComment(text: string | undefined): string {
  if (!text) return "";
  return `/** ${text.replaceAll("*/", "*\\/").split("\n").join("\n * ")} */\n`;
}

const description = (s: z.ZodType): string | undefined => z.globalRegistry.get(s)?.description;

/**
 * The fields every kind has, documented once: a field of one of these names that describes nothing
 * itself gets this text (a request's for input types, a response's for output types).
 */
export const COMMON_FIELDS: Readonly<Record<string, Readonly<Record<IO, string>>>> = {
  id: { input: "The resource's id.", output: "The resource's id." },
  uri: { input: "The resource's API URI.", output: "The resource's API URI." },
  createdAt: { input: "When the resource was created (RFC 3339).", output: "When the resource was created (RFC 3339)." },
  description: {
    input: `Human-readable text, at most ${DESCRIPTION_MAX_BYTES} bytes (UTF-8).`,
    output: 'Human-readable text; "" when unset.',
  },
  metadata: {
    input: `Arbitrary user data, at most ${METADATA_MAX_BYTES} bytes (UTF-8).`,
    output: 'Arbitrary user data; "" when unset.',
  },
};

const commonField = (key: string, io: IO): string | undefined => (Object.hasOwn(COMMON_FIELDS, key) ? COMMON_FIELDS[key][io] : undefined);

/** Words of a name as the docs write them. */
const WORDS: Readonly<Record<string, string>> = {
  Api: "API",
  Https: "HTTPS",
  Ip: "IP",
  OAuth: "OAuth",
  Saml: "SAML",
  Ssh: "SSH",
  Tcp: "TCP",
  Tls: "TLS",
};

/** `IpPolicyRule` → `IP policy rule`. */
export function words(name: string): string {
  return (name.match(/OAuth|[A-Z][a-z0-9]*/g) ?? []).map((w) => WORDS[w] ?? w.toLowerCase()).join(" ");
}

/**
 * A declaration's doc: its schema's description, else one said by its name (a kind's create or update
 * params, a kind's representation, a module's config); a declaration with neither is refused, so that
 * every public type says what it is.
 */
export function declarationDoc(name: string, schema: z.ZodType, names: ReadonlySet<string> = new Set()): string {
  const own = description(schema);
  if (own) return own;
  let m: RegExpExecArray | null;
  if ((m = /^([A-Z]\w*)CreateParams$/.exec(name))) return `The params to create one ${words(m[1])}.`;
  if ((m = /^([A-Z]\w*)UpdateParams$/.exec(name))) return `The params to update one ${words(m[1])}: only the fields given are changed.`;
  if ((m = /^([A-Z]\w*)ModuleParams$/.exec(name))) return `The ${words(m[1])} module's config, as a request sets it.`;
  if ((m = /^([A-Z]\w*)Module$/.exec(name))) return `The ${words(m[1])} module's config, as the API returns it.`;
  if (names.has(`${name}CreateParams`)) return `One ${words(name)}, as the API returns it.`;
  throw new Error(`sdk-types: ${name} has no doc: describe its schema (.describe("…")) to say what it is`);
}

/** Prints zod schemas as TypeScript types; a schema that has a public name is printed as that name. */
export class Printer {
  /** Where the printer is (`IpPolicy.description`), for errors. */
  private readonly at: string[] = [];

  /** The names by definition too: a described copy of a named schema (`.describe()` clones) keeps its name. */
  private readonly defNames = new Map<unknown, string>();

  constructor(
    private readonly names: ReadonlyMap<z.ZodType, string> = new Map(),
    /** Every declared name, for the docs said by names. */
    private readonly declared: ReadonlySet<string> = new Set(names.values()),
  ) {
    for (const [schema, name] of names) if (!this.defNames.has(schema._zod.def)) this.defNames.set(schema._zod.def, name);
  }

  private nameOf(schema: z.ZodType): string | undefined {
    return this.names.get(schema) ?? this.defNames.get(schema._zod.def);
  }

  /** The type of `schema` as one string (its name if it has one, unless it is the one being declared). */
  type(schema: z.ZodType, io: IO, root = false): string {
    return this.union(this.members(schema, io, root));
  }

  /** A declaration: an interface for an object schema, a type alias otherwise. */
  declaration(name: string, schema: z.ZodType, io: IO): string {
    this.at.splice(0, this.at.length, name);
    const def = schema._zod.def;
    const body =
      def.type === "object"
        ? `interface ${name} ${this.object(schema as z.ZodObject, io)}`
        : `type ${name} = ${this.type(schema, io, true)};`;
    return `${docComment(declarationDoc(name, schema, this.declared))}export ${body}\n`;
  }

  private union(members: string[]): string {
    return [...new Set(members)].join(" | ");
  }

  /** The union members of the schema's type. */
  private members(schema: z.ZodType, io: IO, root = false): string[] {
    const name = this.nameOf(schema);
    if (!root && name !== undefined && ioOf(name) === io) return [name];
    const def = (schema as z.core.$ZodType)._zod.def;
    return this.wrapperMembers(def, io) ?? this.valueMembers(schema, def, io);
  }

  /** The members of a schema that wraps another (optional, default, pipe, ...): the inner one's, adjusted; undefined for any other schema. */
  private wrapperMembers(def: z.core.$ZodTypeDef, io: IO): string[] | undefined {
    switch (def.type) {
      case "optional":
        return [...this.members((def as z.core.$ZodOptionalDef).innerType as z.ZodType, io), "undefined"];
      case "nullable":
        return [...this.members((def as z.core.$ZodNullableDef).innerType as z.ZodType, io), "null"];
      case "default":
      case "prefault": {
        // zod: the input may leave it out; the output never lacks it.
        const inner = this.members((def as z.core.$ZodDefaultDef).innerType as z.ZodType, io);
        return io === "input" ? [...inner, "undefined"] : inner.filter((m) => m !== "undefined");
      }
      case "nonoptional":
        return this.members((def as z.core.$ZodNonOptionalDef).innerType as z.ZodType, io).filter((m) => m !== "undefined");
      case "catch":
        return this.members((def as z.core.$ZodCatchDef).innerType as z.ZodType, io);
      case "readonly":
        return [`Readonly<${this.type((def as z.core.$ZodReadonlyDef).innerType as z.ZodType, io)}>`];
      case "lazy":
        return this.members((def as z.core.$ZodLazyDef).getter() as z.ZodType, io);
      case "transform":
        // A preprocess (a pipe from a transform) takes anything.
        if (io === "input") return ["unknown"];
        throw new Error(
          `sdk-types: ${this.at.join(".")}: a transform's output type is unknown: pipe the transform into a schema of its result`,
        );
      case "pipe": {
        const d = def as z.core.$ZodPipeDef;
        if (io === "input") return this.members(d.in as z.ZodType, io);
        // A transform's result has no schema: the pipe must end in one that states it.
        if ((d.out as z.core.$ZodType)._zod.def.type === "transform")
          throw new Error(
            `sdk-types: ${this.at.join(".")}: a transform's output type is unknown: pipe the transform into a schema of its result`,
          );
        return this.members(d.out as z.ZodType, io);
      }
      default:
        return undefined;
    }
  }

  /** The members of a schema of values (scalars, literals, arrays, objects, unions, ...). */
  private valueMembers(schema: z.ZodType, def: z.core.$ZodTypeDef, io: IO): string[] {
    switch (def.type) {
      case "string":
      case "number":
      case "boolean":
      case "bigint":
      case "symbol":
      case "null":
      case "undefined":
      case "unknown":
      case "any":
      case "never":
      case "void":
        return [def.type];
      case "date":
        return ["Date"];
      case "literal":
        return (def as z.core.$ZodLiteralDef<z.core.util.Literal>).values.map((v) =>
          v === undefined ? "undefined" : typeof v === "bigint" ? `${v}n` : JSON.stringify(v),
        );
      case "enum":
        return Object.values((def as z.core.$ZodEnumDef).entries).map((v) => JSON.stringify(v));
      case "array": {
        const element = this.members((def as z.core.$ZodArrayDef).element as z.ZodType, io);
        return [element.length > 1 ? `(${this.union(element)})[]` : `${element[0]}[]`];
      }
      case "tuple": {
        const d = def as z.core.$ZodTupleDef;
        const items = d.items.map((item) => this.type(item as z.ZodType, io));
        if (d.rest) items.push(`...(${this.type(d.rest as z.ZodType, io)})[]`);
        return [`[${items.join(", ")}]`];
      }
      case "object":
        return [this.object(schema as z.ZodObject, io)];
      case "record": {
        const d = def as z.core.$ZodRecordDef;
        return [`Record<${this.type(d.keyType as z.ZodType, io)}, ${this.type(d.valueType as z.ZodType, io)}>`];
      }
      case "union":
        return (def as z.core.$ZodUnionDef).options.flatMap((o) => this.members(o as z.ZodType, io));
      case "intersection": {
        const d = def as z.core.$ZodIntersectionDef;
        return [`(${this.type(d.left as z.ZodType, io)}) & (${this.type(d.right as z.ZodType, io)})`];
      }
      default:
        throw new Error(`sdk-types: ${this.at.join(".")}: no TypeScript type for a zod ${def.type} schema`);
    }
  }

  private object(schema: z.ZodObject, io: IO): string {
    const def = schema._zod.def;
    const lines = Object.entries(def.shape).map(([k, field]) => {
      const f = field as z.ZodType;
      // zod's own marks: the input may leave out an optional or defaulted field ("optional", "defaulted").
      const optional = io === "input" ? f._zod.optin !== undefined : f._zod.optout === "optional";
      this.at.push(k);
      const type = this.type(f, io);
      this.at.pop();
      return `${docComment(this.fieldDescription(f) ?? commonField(k, io))}${key(k)}${optional ? "?" : ""}: ${type};`;
    });
    const catchall = def.catchall as z.ZodType | undefined;
    if (catchall && catchall._zod.def.type !== "never") lines.push(`[key: string]: ${this.type(catchall, io)};`);
    return lines.length ? `{\n${lines.join("\n")}\n}` : "{}";
  }

  /**
   * A field's description: its own, or one of the wrappers around it (`.optional()`), down to a named
   * schema (whose own description is its type's doc, not the field's).
   */
  private fieldDescription(schema: z.ZodType): string | undefined {
    let s: z.ZodType | undefined = schema;
    while (s && !this.names.has(s)) {
      const text = description(s);
      if (text) return text;
      if (this.nameOf(s) !== undefined) return undefined;
      const def = s._zod.def as { type: string; innerType?: z.ZodType; in?: z.ZodType };
      s = ["optional", "nullable", "default", "prefault", "nonoptional", "catch", "readonly"].includes(def.type)
        ? def.innerType
        : def.type === "pipe"
          ? def.in
          : undefined;
    }
    return undefined;
  }
}

/** The text of sdk/types.ts. */
export function typesFile(decls: readonly Declaration[]): string {
  const names = new Map<z.ZodType, string>();
  for (const d of decls) if (d.kind === "schema" && !names.has(d.value as z.ZodType)) names.set(d.value as z.ZodType, d.name);
  const printer = new Printer(names, new Set(decls.map((d) => d.name)));
  const parts = [
    GENERATED_HEADER,
    "/**",
    " * The sdk's public types, printed from its zod schemas (generate/sdk-types.ts): a request's params type is",
    " * its schema's input, every other type its schema's output. test/sdk/types-equal.ts checks that each",
    " * stays equal to its schema's type.",
    " */",
  ];
  let module = "";
  for (const d of decls) {
    if (d.module !== module) parts.push("", `// --- sdk/${(module = d.module)}.ts`, "");
    if (d.kind === "schema") {
      parts.push(printer.declaration(d.name, d.value as z.ZodType, ioOf(d.name)));
    } else {
      const entries = Object.entries(d.value as Record<string, ModuleSchemas>).map(
        ([k, m]) =>
          `${docComment(m.description)}${key(k)}: { params: ${printer.type(m.params, "input")}; model: ${printer.type(m.model, "output")} };`,
      );
      // A type literal, not an interface: it must fit `ModuleTypes`, an index signature (sdk/core/resource.ts).
      parts.push(
        `/** Each module's request params and response model, by module name. */\nexport type ${d.name} = {\n${entries.join("\n")}\n};\n`,
      );
    }
  }
  return parts.join("\n");
}

/** The text of test/sdk/types-equal.ts: one compile-time equality per declaration. */
export function equalityFile(decls: readonly Declaration[]): string {
  const modules = [...new Set(decls.map((d) => d.module))];
  // `resources/ip-policy` → `ipPolicy`.
  const alias = (module: string) => path.posix.basename(module).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
  if (new Set(modules.map(alias)).size !== modules.length) throw new Error("sdk-types: two sdk modules have the same file name");
  const checks = decls.map((d) => {
    const schema = `typeof ${alias(d.module)}.${d.name}`;
    if (d.kind === "schema") return `Expect<Equal<types.${d.name}, z.${ioOf(d.name)}<${schema}>>>`;
    return `Expect<Equal<types.${d.name}, { [K in keyof ${schema}]: { params: z.input<(${schema})[K]["params"]>; model: z.output<(${schema})[K]["model"]> } }>>`;
  });
  return [
    GENERATED_HEADER,
    "// Type-checked by `npm run typecheck`: each generated type of sdk/types.ts equals its schema's.",
    'import type { z } from "zod";',
    'import type * as types from "../../sdk/types";',
    ...modules.map((m) => `import type * as ${alias(m)} from "../../sdk/${m}";`),
    "",
    "type Equal<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;",
    "type Expect<T extends true> = T;",
    "",
    `export type Checks = [\n${checks.join(",\n")}\n];`,
    "",
  ].join("\n");
}

/** A module's exports in its source's order: a CommonJS exports object's is the compiler's (swc's is alphabetical). */
export function inSourceOrder(source: string, exports: Record<string, unknown>): Record<string, unknown> {
  const declared = (name: string) => new RegExp(`\\bexport\\s+(?:declare\\s+)?(?:const|let|var|function|class)\\s+${name}\\b`).exec(source);
  const order = Object.keys(exports).map((name, i) => ({ name, i, at: declared(name)?.index ?? Number.MAX_SAFE_INTEGER }));
  return Object.fromEntries(order.sort((x, y) => x.at - y.at || x.i - y.i).map(({ name }) => [name, exports[name]]));
}

export const sdkTypes: Generator = {
  name: "sdk-types",
  files(): GeneratedFile[] {
    // Compiled, this module runs from .cache/generate/generate/, next to the compiled sdk.
    const decls = declarations(sdkModules(), (module) =>
      inSourceOrder(fs.readFileSync(path.join(ROOT, "sdk", `${module}.ts`), "utf8"), require(path.join(__dirname, "..", "sdk", module))),
    );
    return [
      { path: "sdk/types.ts", text: typesFile(decls) },
      { path: "test/sdk/types-equal.ts", text: equalityFile(decls) },
    ];
  },
};
