/**
 * A body schema's fields as the API reference tables them: name (nested as `a.b`, `a[].b`, `a.<key>.b`),
 * type, whether required, and the rules read from the zod schema the handler really checks.
 */
import { z } from "zod";

export interface Field {
  name: string;
  type: string;
  required: boolean;
  rules: string[];
}

type Def = { type: string; [k: string]: any };
const defOf = (s: z.ZodType) => (s as any)._zod.def as Def;
const bagOf = (s: z.ZodType) => ((s as any)._zod.bag ?? {}) as Record<string, any>;

function noteOf(s: z.ZodType): string | undefined {
  return z.globalRegistry.get(s)?.description;
}

/** Peel optional, default, nullable and pipes; what is left is the value's own schema. */
function peel(schema: z.ZodType): { core: z.ZodType; required: boolean; nullable: boolean; default?: unknown; notes: string[] } {
  let s = schema;
  let required = true;
  let nullable = false;
  let dflt: unknown;
  const notes: string[] = [];
  for (;;) {
    const note = noteOf(s);
    if (note && !notes.includes(note)) notes.push(note);
    const def = defOf(s);
    if (def.type === "optional") required = false;
    else if (def.type === "nullable") nullable = true;
    else if (def.type === "default" || def.type === "prefault") {
      required = false;
      dflt = typeof def.defaultValue === "function" ? def.defaultValue() : def.defaultValue;
    } else if (def.type === "pipe") {
      // notNull(x) is unknown → x; x.transform(f) is x → f: the wire shape is the schema side of the pipe.
      const inner = defOf(def.in).type;
      s = inner === "unknown" || inner === "any" ? def.out : def.in;
      continue;
    } else break;
    s = def.innerType;
  }
  return { core: s, required, nullable, default: dflt, notes };
}

function typeOf(s: z.ZodType): { type: string; rules: string[] } {
  const def = defOf(s);
  const bag = bagOf(s);
  const rules: string[] = [];
  const range = (what: string) => {
    if (bag.minimum !== undefined && bag.maximum !== undefined) rules.push(`${what} ${bag.minimum} to ${bag.maximum}`);
    else if (bag.minimum !== undefined) rules.push(`${what} at least ${bag.minimum}`);
    else if (bag.maximum !== undefined) rules.push(`${what} at most ${bag.maximum}`);
  };
  switch (def.type) {
    case "string":
      if (bag.minimum === 1 && bag.maximum === undefined) rules.push("not empty");
      else range("length");
      return { type: "string", rules };
    case "number": {
      const integer = typeof bag.format === "string" && bag.format.includes("int");
      // z.int() carries the safe-integer range; only a narrower one is worth saying.
      if (!(integer && bag.minimum === Number.MIN_SAFE_INTEGER && bag.maximum === Number.MAX_SAFE_INTEGER)) range("from");
      return { type: integer ? "integer" : "number", rules };
    }
    case "boolean":
      return { type: "boolean", rules };
    case "enum":
      return {
        type: "string",
        rules: [
          `one of ${Object.values(def.entries)
            .map((v) => `\`${String(v)}\``)
            .join(", ")}`,
        ],
      };
    case "literal":
      return {
        type: typeof def.values[0] === "number" ? "integer" : "string",
        rules: [`one of ${def.values.map((v: unknown) => `\`${String(v)}\``).join(", ")}`],
      };
    case "array": {
      const item = typeOf(peel(def.element).core);
      if (bag.minimum !== undefined || bag.maximum !== undefined) range("items:");
      return { type: `array of ${item.type}`, rules: [...rules, ...item.rules.map((r) => `each: ${r}`)] };
    }
    case "record": {
      const value = typeOf(peel(def.valueType).core);
      return { type: `map of string to ${value.type}`, rules: value.rules.map((r) => `each value: ${r}`) };
    }
    case "object":
      return { type: "object", rules };
    case "union":
      return { type: def.options.map((o: z.ZodType) => typeOf(peel(o).core).type).join(" or "), rules };
    default:
      return { type: "any", rules };
  }
}

/** Every field of an object schema, nested objects as `a.b`, array items as `a[].b`, map values as `a.<key>.b`. */
export function fieldsOf(schema: z.ZodType, prefix = "", stop: ReadonlySet<string> = new Set()): Field[] {
  const { core } = peel(schema);
  const def = defOf(core);
  if (def.type !== "object") return [];
  const out: Field[] = [];
  for (const [name, child] of Object.entries(def.shape as Record<string, z.ZodType>)) {
    const full = `${prefix}${name}`;
    const p = peel(child);
    const t = typeOf(p.core);
    const rules = [...t.rules, ...p.notes];
    if (p.nullable) rules.push("may be null");
    if (p.default !== undefined) rules.push(`default \`${JSON.stringify(p.default)}\``);
    if (stop.has(full)) {
      out.push({
        name: full,
        type: "object",
        required: p.required,
        rules: [`the \`${name}\` module, as its PUT body ([${name}](#module-${name.replace(/_/g, "-")}))`, "not null"],
      });
      continue;
    }
    out.push({ name: full, type: t.type, required: p.required, rules });
    const cdef = defOf(p.core);
    if (cdef.type === "object") out.push(...fieldsOf(p.core, `${full}.`));
    if (cdef.type === "array") out.push(...fieldsOf(cdef.element, `${full}[].`));
    if (cdef.type === "record") out.push(...fieldsOf(cdef.valueType, `${full}.<key>.`));
  }
  return out;
}
