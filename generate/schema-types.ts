/**
 * The Pulumi package schema's shapes (the parts this package uses) and the mapping from the types the
 * generated resource classes declare to them (generate/schema.ts builds native/schema.json with it).
 */
import ts from "typescript";
import { MODULES } from "../provider/modules";
import { NATIVE_NAMES } from "./reference-languages";

export const PACKAGE = NATIVE_NAMES.package;
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

export const pascal = (s: string): string =>
  s
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join("");

/** An enum value's name in the SDKs: a valid identifier in every language. */
export const enumValueName = (value: string | number): string => {
  const name = pascal(String(value));
  return /^[0-9]/.test(name) || !name ? `V${name || "Empty"}` : name;
};

/** A type as the classes declare it, mapped to the schema, collecting the object and enum types it names. */
export class TypeMapper {
  readonly types: Record<string, ObjectSpec | EnumSpec> = {};
  /** Named unions of literals (`KeyType`), by their sorted members, so an anonymous copy of one maps to it. */
  readonly enums = new Map<string, string>();
  /** Object types already named (the first walk names one); those being walked now. */
  private readonly walked = new Map<ts.Type, string>();
  private readonly walking = new Set<ts.Type>();
  /** Properties whose description is the sdk's or a module's, which a doc of the classes' own types replaces. */
  private readonly borrowed = new Set<SchemaProperty>();
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

  /** The type of `key` in each of `sources` that has one, less null and undefined, through arrays and records. */
  private child(sources: ts.Type[], key: string | undefined): ts.Type[] {
    const out: ts.Type[] = [];
    for (const source of sources)
      for (const member of this.members(source)) {
        if (key === undefined) {
          const element = this.checker.isArrayType(member)
            ? this.checker.getTypeArguments(member as ts.TypeReference)[0]
            : member.getStringIndexType();
          if (element) out.push(element);
          continue;
        }
        const prop = this.checker.getPropertyOfType(member, key);
        if (prop) out.push(this.checker.getTypeOfSymbol(prop));
      }
    return out;
  }

  /** The first doc of `key` in `sources` (the sdk's request and response types at the same path). */
  private sourceDoc(sources: ts.Type[], key: string): string {
    for (const source of sources)
      for (const member of this.members(source)) {
        const doc = this.doc(this.checker.getPropertyOfType(member, key));
        if (doc) return doc;
      }
    return "";
  }

  /**
   * The schema of a value of `type`; `context` names an anonymous object type (`SshUserCertificateCriticalOptions`).
   * `sources` are the sdk's types of the same value: a nested property the classes' types leave undocumented
   * takes the sdk's doc of it.
   */
  map(type: ts.Type, context: string, sources: ts.Type[] = []): SchemaProperty {
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
        .map((t, i) => this.map(t, `${context}${i}`, sources))
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
      return {
        type: "array",
        items: this.map(this.checker.getTypeArguments(t as ts.TypeReference)[0], context, this.child(sources, undefined)),
      };
    const props = this.checker.getPropertiesOfType(t);
    const index = t.getStringIndexType();
    if (index && !props.length) return { type: "object", additionalProperties: this.map(index, context, this.child(sources, undefined)) };
    return { $ref: `#/types/${token(this.objectType(t, context, sources))}` };
  }

  /** Registers an object type under its TypeScript name (less `Args`: one schema type serves input and output). */
  private objectType(type: ts.Type, context: string, sources: ts.Type[]): string {
    const walked = this.walked.get(type);
    // Walked again from another place (whose sources may document what the first did not), unless within itself.
    if (walked && this.walking.has(type)) return walked;
    // A generic alias's instance (`Settled<…>`) is named by its context, not the alias.
    const declared = type.aliasTypeArguments?.length ? undefined : (type.aliasSymbol?.getName() ?? type.getSymbol()?.getName());
    const name = walked ?? this.nameOf(type) ?? (declared && !declared.startsWith("__") ? declared.replace(/Args$/, "") : context);
    this.walked.set(type, name);
    this.walking.add(type);
    const existing = Object.hasOwn(this.types, name) ? (this.types[name] as ObjectSpec) : undefined;
    const spec: ObjectSpec = existing ?? { type: "object", properties: {}, required: [] };
    if (!existing) this.types[name] = spec;
    const doc = this.doc(type.aliasSymbol ?? type.getSymbol());
    if (doc && !spec.description) spec.description = doc;
    const required = new Set<string>();
    for (const prop of this.checker.getPropertiesOfType(type)) {
      const key = prop.getName();
      const propType = this.checker.getTypeOfSymbol(prop);
      const mapped = this.map(propType, `${name}${pascal(key)}`, this.child(sources, key));
      const own = this.doc(prop);
      const doc = own || this.sourceDoc(sources, key) || moduleDoc(key, mapped);
      let property = spec.properties[key];
      if (!property) property = spec.properties[key] = { ...mapped, ...(doc ? { description: doc } : {}) };
      else {
        if ((doc && !property.description) || (own && this.borrowed.has(property))) {
          property.description = doc;
          this.borrowed.delete(property);
        }
        // The input and output forms of one value are one type: the other form's type merged into it.
        this.mergeRefs(property, mapped);
      }
      if (!own && doc && property.description === doc) this.borrowed.add(property);
      if (!(prop.flags & ts.SymbolFlags.Optional) && !this.nullable(propType)) required.add(key);
    }
    this.walking.delete(type);
    // Input and output forms merged: a key is required when every form requires it.
    spec.required = existing || walked ? (spec.required ?? []).filter((k) => required.has(k)) : [...required];
    return name;
  }

  /** Where `into` and `from` name different object types at the same place, `from`'s keys and docs join `into`'s. */
  mergeRefs(into: SchemaProperty, from: SchemaProperty): void {
    const inner = (p: SchemaProperty): SchemaProperty =>
      (p.items ?? p.additionalProperties) ? inner((p.items ?? p.additionalProperties)!) : p;
    const [a, b] = [inner(into).$ref, inner(from).$ref];
    if (!a || !b || a === b) return;
    const target = this.types[a.replace(`#/types/${token("")}`, "")];
    const source = this.types[b.replace(`#/types/${token("")}`, "")];
    if (!target || !source || !("properties" in target) || !("properties" in source)) return;
    for (const [key, p] of Object.entries(source.properties)) {
      const existing = target.properties[key];
      if (!existing) target.properties[key] = { ...p };
      else {
        if (p.description && !existing.description) existing.description = p.description;
        this.mergeRefs(existing, p);
      }
    }
    target.required = (target.required ?? []).filter((k) => source.required?.includes(k));
  }

  private doc(symbol: ts.Symbol | undefined): string {
    return symbol ? ts.displayPartsToString(symbol.getDocumentationComment(this.checker)).replace(/\s+/g, " ").trim() : "";
  }
}

/** A route module's doc (provider/modules.ts), for a property that holds one and says nothing of its own. */
const moduleDoc = (key: string, mapped: SchemaProperty): string =>
  mapped.$ref && Object.hasOwn(MODULES, key) ? MODULES[key as keyof typeof MODULES].doc : "";

/** Marks the property at `path` (`*` = every key) secret, through the object types it names. */
export function markSecret(
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
