/**
 * The provider's derived files, from the kind declarations (provider/kinds/<kind>.ts, each exporting
 * `<kind>Kind`): each kind's resource class and `<Kind>Args` (provider/resources/<kind>.ts), the
 * classes' index (provider/resources/index.ts) and the lazy registry (provider/kinds/index.ts). The kinds
 * are the declaration modules present; nothing else lists them.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { FieldDeclaration, KindDeclaration } from "../provider/framework/kind";
import { GENERATED_HEADER, ROOT, type GeneratedFile, type Generator } from "./generator";

const kindsDir = (): string => path.join(ROOT, "provider", "kinds");
const typesFile = (): string => path.join(ROOT, "provider", "types.ts");

const camel = (kebab: string): string => kebab.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

interface Kind {
  /** The declaration module's basename (`ip-policy-rule`). */
  file: string;
  /** Its export (`ipPolicyRuleKind`). */
  exportName: string;
  declaration: KindDeclaration;
}

/** Every declaration module present, loaded (from the compiled tree when this runs compiled). */
export function declaredKinds(): Kind[] {
  const files = fs
    .readdirSync(kindsDir())
    .filter((f) => f.endsWith(".ts") && f !== "index.ts")
    .map((f) => f.slice(0, -3))
    .sort();
  return files.map((file) => {
    const exportName = `${camel(file)}Kind`;
    const mod = require(path.join(__dirname, "..", "provider", "kinds", file)) as Record<string, KindDeclaration | undefined>;
    const declaration = mod[exportName];
    if (!declaration?.fields) throw new Error(`provider/kinds/${file}.ts: exports no declaration \`${exportName}\``);
    return { file, exportName, declaration };
  });
}

/** Parents before their children, else by name: the order `edge-ingress export` reads and declares kinds in. */
export function registryOrder(kinds: Kind[]): Kind[] {
  const byName = new Map(kinds.map((k) => [k.declaration.name, k]));
  const out: Kind[] = [];
  const visit = (kind: Kind): void => {
    if (out.includes(kind)) return;
    const parent = kind.declaration.parent?.kind;
    if (parent && byName.has(parent)) visit(byName.get(parent)!);
    out.push(kind);
  };
  for (const kind of [...kinds].sort((a, b) => (a.declaration.name < b.declaration.name ? -1 : 1))) visit(kind);
  return out;
}

/** Exported type names of a module, read from its text (types leave nothing at run time to load). */
const exportedTypes = (file: string): string[] =>
  [...fs.readFileSync(file, "utf8").matchAll(/^export (?:type|interface) ([A-Za-z0-9_]+)/gm)].map((m) => m[1]);

/** A doc comment at `indent`, wrapped at about 110 columns. */
function docComment(text: string, indent: string): string {
  const width = 110 - indent.length;
  if (text.length + 7 <= width) return `${indent}/** ${text} */\n`;
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && line.length + word.length + 1 > width - 3) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return `${indent}/**\n${lines.map((l) => `${indent} * ${l}`).join("\n")}\n${indent} */\n`;
}

const PLAIN = (v: unknown): boolean =>
  v === null || ["string", "number", "boolean"].includes(typeof v) || (Array.isArray(v) && v.every((i) => PLAIN(i)));

/** An input's doc: its own text, with its default when the text does not already say it. */
function inputDoc(field: FieldDeclaration): string {
  const doc = field.input?.doc ?? field.doc;
  if (!("default" in field) || !PLAIN(field.default) || /default/i.test(doc)) return doc;
  return `${doc} Default ${JSON.stringify(field.default)}.`;
}

const article = (name: string): string => (/^(?:[AEIOU]|Ssh|Https)/.test(name) ? "an" : "a");

/** Type names a type expression uses (string literals aside). */
const namesIn = (type: string): string[] => [
  ...new Set([...type.replace(/"[^"]*"|`[^`]*`/g, "").matchAll(/(?<![.\w])[A-Z][A-Za-z0-9_]*\b/g)].map((m) => m[0])),
];
const BUILTIN = new Set(["Record", "Array", "Partial", "Readonly", "Exclude", "Extract", "Pick", "Omit"]);

/**
 * The item type of each input that owns children declared as objects (an IpPolicy's `rules`): what the
 * child's class declares, less its parent's id and what adopting takes. Written into the parent's class
 * (`IpPolicyInlineRuleArgs`), from the child's generated `Args`: no declaration restates the child's fields.
 */
interface InlineArgs {
  name: string;
  /** The owning input (`rules`). */
  input: string;
  child: Kind;
  parentKey: string;
}

function inlineArgsOf(kind: Kind, kinds: Kind[]): InlineArgs[] {
  const d = kind.declaration;
  return Object.entries(d.owns ?? {})
    .filter(([, owned]) => !owned.scalar)
    .map(([input, owned]) => {
      const child = kinds.find((k) => k.declaration.name === owned.decl.name)!;
      const part = owned.decl.name.startsWith(d.name) ? owned.decl.name.slice(d.name.length) : owned.decl.name;
      const parentKey = owned.decl.parent?.key;
      if (!parentKey) throw new Error(`${d.name} owns ${owned.decl.name}, whose declaration names no parent`);
      return { name: `${d.name}Inline${part}Args`, input, child, parentKey };
    });
}

/** The class file's type imports: where each type name the fields use comes from, and the inline children's args. */
function classImports(kind: Kind, typeHome: Map<string, string>, inline: InlineArgs[]): string[] {
  const d = kind.declaration;
  const fields = Object.entries(d.fields);
  const imports = new Map<string, Set<string>>([["../types", new Set(["AdoptArgs", "GetOptions"])]]);
  for (const [key, f] of fields)
    for (const name of namesIn(`${f.type} ${f.input?.type ?? ""}`)) {
      if (
        BUILTIN.has(name) ||
        inline.some((i) => i.name === name) ||
        new RegExp(`\\[\\s*${name}\\s+in\\b`).test(`${f.type} ${f.input?.type ?? ""}`)
      )
        continue;
      const home = typeHome.get(name);
      if (!home) throw new Error(`${d.name}.${key}: type ${name} is exported by neither provider/types.ts nor a kind's declaration`);
      if (!imports.has(home)) imports.set(home, new Set());
      imports.get(home)!.add(name);
    }
  for (const { child } of inline) imports.set(`./${child.file}`, new Set([`${child.declaration.name}Args`]));
  return [...imports]
    .filter(([, names]) => names.size)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([home, names]) => `import type { ${[...names].sort().join(", ")} } from "${home}";`);
}

/** The lines of the class's `ClassLists`: its inputs, outputs and which are secret. */
function classListLines(d: KindDeclaration, inputs: string[]): string[] {
  const list = (keys: string[]) => `[${keys.map((k) => JSON.stringify(k)).join(", ")}]`;
  return [
    `  name: ${JSON.stringify(d.name)},`,
    `  inputs: ${list(inputs)},`,
    `  outputs: ${list([...d.outputs])},`,
    ...(d.secretInputs ? [`  secretInputs: ${list([...d.secretInputs])},`] : []),
    ...(d.secretOutputs ? [`  secretOutputs: ${list([...d.secretOutputs])},`] : []),
    // An owned input's credential fields, which the class keeps apart (ClassLists.ownedSecrets).
    ...Object.entries(d.owns ?? {})
      .filter(([, owned]) => owned.secrets)
      .map(
        ([key, { secrets }]) =>
          `  ownedSecrets: { input: ${JSON.stringify(key)}, output: ${JSON.stringify(secrets!.output)}, fields: ${list([...secrets!.fields])} },`,
      ),
  ];
}

function classFile(kind: Kind, typeHome: Map<string, string>, own: string[], inline: InlineArgs[]): GeneratedFile {
  const d = kind.declaration;
  const fields = Object.entries(d.fields);
  const inputs = fields.filter(([, f]) => f.input);
  const lists = camel(`${kind.file}-resource`);
  const argsOptional = inputs.every(([, f]) => !f.input!.required);
  const ownHome = `../kinds/${kind.file}`;
  const importLines = classImports(kind, typeHome, inline);
  const listLines = classListLines(
    d,
    inputs.map(([key]) => key),
  );
  const args = inputs
    .map(
      ([key, f]) => `${docComment(inputDoc(f), "  ")}  ${key}${f.input!.required ? "" : "?"}: pulumi.Input<${f.input!.type ?? f.type}>;\n`,
    )
    .join("");
  const props = fields.map(([key, f]) => `${docComment(f.doc, "  ")}  declare readonly ${key}: pulumi.Output<${f.type}>;\n`).join("");
  const ctor = argsOptional
    ? `  constructor(name: string, args?: ${d.name}Args, opts?: pulumi.CustomResourceOptions) {\n`
    : `  constructor(name: string, args: ${d.name}Args, opts?: pulumi.CustomResourceOptions);\n` +
      "  /** @internal `get`: no args, an id. */\n" +
      `  constructor(name: string, args: undefined, opts: pulumi.CustomResourceOptions);\n` +
      `  constructor(name: string, args: ${d.name}Args | undefined, opts?: pulumi.CustomResourceOptions) {\n`;
  const getDoc = d.getDoc ?? `Reads an existing ${d.name} into the program by its id (it is not managed).`;
  const text =
    `${GENERATED_HEADER}\n` +
    'import * as pulumi from "@pulumi/pulumi";\n' +
    'import { isResourceOf, resourceArgs, type ClassLists } from "../framework/resource";\n' +
    `${importLines.join("\n")}\n` +
    (own.length ? `\nexport type { ${own.join(", ")} } from "${ownHome}";\n` : "") +
    inline
      .map(
        ({ name, input, child, parentKey }) =>
          `\n/** One item of \`${input}\`: what ${article(child.declaration.name)} ${child.declaration.name} declares, less \`${parentKey}\` (this ${d.name}'s id). */\n` +
          `export type ${name} = Omit<${child.declaration.name}Args, ${JSON.stringify(parentKey)} | keyof AdoptArgs>;\n`,
      )
      .join("") +
    "\n/** @internal What the class declares: every input and output, and which are secret. */\n" +
    `export const ${lists}: ClassLists = {\n${listLines.join("\n")}\n};\n\n` +
    `export interface ${d.name}Args extends AdoptArgs {\n${args}}\n\n` +
    docComment(d.doc, "") +
    `export class ${d.name} extends pulumi.CustomResource {\n${props}\n` +
    ctor +
    `    super(...resourceArgs(${lists}, name, args, opts));\n  }\n\n` +
    docComment(getDoc, "  ") +
    `  static get(name: string, id: pulumi.Input<string>, opts?: GetOptions): ${d.name} {\n` +
    `    return new ${d.name}(name, undefined, { ...opts, id });\n  }\n\n` +
    `  /** True when \`obj\` is ${article(d.name)} ${d.name}, also one made by another copy of this package (Pulumi's convention). */\n` +
    `  static override isInstance(obj: any): obj is ${d.name} {\n    return isResourceOf(${lists}, obj);\n  }\n}\n`;
  return { path: `provider/resources/${kind.file}.ts`, text };
}

function registryFile(kinds: Kind[]): GeneratedFile {
  const entries = kinds.map(
    (k) => `  ${k.declaration.name}: () => (require("./${k.file}") as typeof import("./${k.file}")).${k.exportName},`,
  );
  const text = `${GENERATED_HEADER}
import type { KindDeclaration } from "../framework/kind";

/**
 * Every kind's declaration, by type name, loaded on first use: a provider process serves the kinds of one
 * stack and builds only their schemas. In this order \`edge-ingress export\` reads and declares them: a
 * parent before its children, else by name.
 */
const DECLARATIONS: Readonly<Record<string, () => KindDeclaration>> = {
${entries.join("\n")}
};

/** A kind's declaration; \`require\`'s cache makes each one once. */
export function declarationOf(name: string): KindDeclaration {
  const load = Object.hasOwn(DECLARATIONS, name) ? DECLARATIONS[name] : undefined;
  if (!load) throw new Error(\`edgeingress: unknown resource kind "\${name}"; this package version does not provide it\`);
  return load();
}

/** Every kind, by type name, in DECLARATIONS' order (what \`edge-ingress export\` and the tests walk); each loads when read. */
export const kinds: Readonly<Record<string, KindDeclaration>> = Object.defineProperties(
  {},
  Object.fromEntries(Object.keys(DECLARATIONS).map((name) => [name, { enumerable: true, get: () => declarationOf(name) }])),
);
`;
  return { path: "provider/kinds/index.ts", text };
}

function classIndexFile(kinds: Kind[], own: Map<string, string[]>, inline: Map<string, InlineArgs[]>): GeneratedFile {
  const lines = kinds.map((k) => {
    const types = [`${k.declaration.name}Args`, ...inline.get(k.file)!.map((i) => i.name), ...own.get(k.file)!];
    const names = [k.declaration.name, ...types.map((t) => `type ${t}`)];
    return `export { ${names.join(", ")} } from "./${k.file}";`;
  });
  return { path: "provider/resources/index.ts", text: `${GENERATED_HEADER}\n/** Every kind's resource class. */\n${lines.join("\n")}\n` };
}

export const resources: Generator = {
  name: "resources",
  files() {
    const kinds = declaredKinds();
    const typeHome = new Map<string, string>();
    for (const name of exportedTypes(typesFile())) typeHome.set(name, "../types");
    const own = new Map<string, string[]>();
    for (const kind of kinds) {
      own.set(kind.file, exportedTypes(path.join(kindsDir(), `${kind.file}.ts`)));
      for (const name of own.get(kind.file)!) typeHome.set(name, `../kinds/${kind.file}`);
    }
    const inline = new Map(kinds.map((k) => [k.file, inlineArgsOf(k, kinds)]));
    const ordered = registryOrder(kinds);
    return [
      ...kinds.map((k) => classFile(k, typeHome, own.get(k.file)!, inline.get(k.file)!)),
      classIndexFile(ordered, own, inline),
      registryFile(ordered),
    ];
  },
};
