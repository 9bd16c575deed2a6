/**
 * The public declarations of every kind document themselves: each input of `<Kind>Args` and each output
 * property of the resource class has a doc comment, an input that cannot change says it is replaced on
 * change, and a secret says so, on the input and on the output; so does each field of the module types.
 * Read from the sources with the TypeScript parser and checked against the kind declarations.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";
import { immutableKeys, inputKeys } from "../../provider/framework/kind";
import { kinds } from "../../provider/kinds";
import type { ResourceKind } from "../../provider/framework/resource";

const PROVIDER = path.join(__dirname, "..", "..", "provider");

interface Member {
  name: string;
  doc: string;
}

/** Interfaces and classes of these provider files by name, with their members' doc comments ("" if none). */
function declarations(files: string[]): Map<string, Member[]> {
  const out = new Map<string, Member[]>();
  for (const file of files) {
    const text = fs.readFileSync(path.join(PROVIDER, file), "utf8");
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
    for (const node of source.statements) {
      if (!(ts.isInterfaceDeclaration(node) || ts.isClassDeclaration(node)) || !node.name) continue;
      const members: Member[] = [];
      for (const member of node.members) {
        if (!(ts.isPropertySignature(member) || ts.isPropertyDeclaration(member)) || !ts.isIdentifier(member.name)) continue;
        const docs = ts.getJSDocCommentsAndTags(member).filter(ts.isJSDoc);
        members.push({ name: member.name.text, doc: docs.map((d) => ts.getTextOfJSDocComment(d.comment) ?? "").join(" ") });
      }
      out.set(node.name.text, members);
    }
  }
  return out;
}

const RESOURCES = fs.readdirSync(path.join(PROVIDER, "resources")).filter((f) => f.endsWith(".ts"));
const declared = declarations([...RESOURCES.map((f) => `resources/${f}`), ...fs.readdirSync(PROVIDER).filter((f) => f.endsWith(".ts"))]);
/** What each resource class declares (provider/resources/<kind>.ts), by kind name. */
const described = new Map<string, ResourceKind>();
for (const file of RESOURCES) {
  for (const value of Object.values(require(path.join(PROVIDER, "resources", file)) as Record<string, unknown>)) {
    const kind = value as ResourceKind;
    if (kind && typeof kind === "object" && Array.isArray(kind.inputs)) described.set(kind.name, kind);
  }
}
const MODULE_TYPES = "framework/resource.ts";
const cases = Object.values(kinds).map((spec) => [spec.name, spec] as const);

describe.each(cases)("%s", (name, spec) => {
  const args = declared.get(`${name}Args`) ?? [];
  const outputs = declared.get(name) ?? [];
  const secret = new Set([...(spec.secretInputs ?? []), ...(spec.secretOutputs ?? [])]);

  test("the class declares exactly the kind's inputs (its create schema's keys), outputs and secrets", () => {
    const kind = described.get(name)!;
    expect([...kind.inputs].sort()).toEqual(inputKeys(spec).sort());
    expect(kind.outputs).toBe(spec.outputs);
    expect(kind.secretInputs).toBe(spec.secretInputs);
    expect(kind.secretOutputs).toBe(spec.secretOutputs);
  });

  test("every input and output has a doc comment", () => {
    expect(args.length).toBeGreaterThan(0);
    expect(outputs.length).toBeGreaterThan(0);
    expect(args.filter((m) => !m.doc).map((m) => `${name}Args.${m.name}`)).toEqual([]);
    expect(outputs.filter((m) => !m.doc).map((m) => `${name}.${m.name}`)).toEqual([]);
  });

  test("an input that cannot change says it is replaced on change", () => {
    const immutable = new Set(immutableKeys(spec));
    const silent = args.filter((m) => immutable.has(m.name) && !/replace/i.test(m.doc)).map((m) => m.name);
    expect(silent).toEqual([]);
  });

  test("a secret input or output says it is secret", () => {
    const silent = [...args, ...outputs].filter((m) => secret.has(m.name) && !/secret/i.test(m.doc)).map((m) => m.name);
    expect(silent).toEqual([]);
  });
});

test(`every field of the module types (provider/${MODULE_TYPES}) has a doc comment`, () => {
  const modules = declarations([MODULE_TYPES]);
  modules.delete("ResourceKind");
  expect(modules.size).toBeGreaterThan(10);
  const silent = [...modules].flatMap(([type, members]) => members.filter((m) => !m.doc).map((m) => `${type}.${m.name}`));
  expect(silent).toEqual([]);
});
