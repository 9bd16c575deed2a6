/**
 * The kind declarations document every field: each input and output has a doc comment (written into
 * the generated class, provider/resources/<kind>.ts), an input that cannot change says it is replaced
 * on change, and a secret says so, on the input and on the output; the declared inputs are the create
 * schema's keys. The module types (provider/types.ts, derived from the sdk's) each say what they are.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";
import { immutableKeys, inputKeys } from "../../provider/framework/kind";
import { kinds } from "../../provider/kinds";

const cases = Object.values(kinds).map((decl) => [decl.name, decl] as const);

describe.each(cases)("%s", (name, decl) => {
  const fields = Object.entries(decl.fields);
  const inputs = fields.filter(([, f]) => f.input).map(([key, f]) => ({ key, doc: f.input!.doc ?? f.doc }));
  const outputs = fields.map(([key, f]) => ({ key, doc: f.doc }));

  test("the declared inputs are the create schema's keys; secrets and outputs are built from the fields", () => {
    expect(inputs.map((i) => i.key).sort()).toEqual(inputKeys(decl).sort());
    expect([...decl.outputs, ...inputs.map((i) => i.key)].sort()).toEqual(fields.map(([key]) => key).sort());
    for (const key of [...(decl.secretInputs ?? []), ...(decl.secretOutputs ?? [])]) expect(decl.fields[key].secret).toBe(true);
  });

  test("every input and output has a doc comment, and the class one", () => {
    expect(decl.doc).not.toBe("");
    expect(inputs.filter((m) => !m.doc.trim()).map((m) => `${name}Args.${m.key}`)).toEqual([]);
    expect(outputs.filter((m) => !m.doc.trim()).map((m) => `${name}.${m.key}`)).toEqual([]);
  });

  test("an input that cannot change says it is replaced on change", () => {
    const immutable = new Set(immutableKeys(decl));
    expect(inputs.filter((m) => immutable.has(m.key) && !/replace/i.test(m.doc)).map((m) => m.key)).toEqual([]);
  });

  test("a secret input or output says it is secret", () => {
    const secret = new Set([...(decl.secretInputs ?? []), ...(decl.secretOutputs ?? [])]);
    const silent = [...inputs, ...outputs].filter((m) => secret.has(m.key) && !/secret/i.test(m.doc)).map((m) => m.key);
    expect(silent).toEqual([]);
  });
});

// A child names its parent (kind and id form) instead of importing its declaration, which imports the child's.
test("a kind's parent is a kind that owns it, with the id form the child names, and every owned kind names its owner as parent", () => {
  const parents = Object.values(kinds).flatMap((decl) => (decl.parent ? [[decl.name, decl.parent] as const] : []));
  expect(parents.map(([child]) => child).sort()).toEqual(["EventSource", "HttpsEdgeRoute", "IpPolicyRule"]);
  for (const [child, parent] of parents) {
    const owner = kinds[parent.kind];
    expect([child, owner?.name]).toEqual([child, parent.kind]);
    expect([child, parent.idForm.shown]).toEqual([child, owner.idForm.shown]);
    expect([child, Object.values(owner.owns ?? {}).some((owned) => owned.decl.name === child)]).toEqual([child, true]);
  }
  for (const owner of Object.values(kinds))
    for (const owned of Object.values(owner.owns ?? {}))
      expect([owned.decl.name, owned.decl.parent?.kind]).toEqual([owned.decl.name, owner.name]);
});

test("every type of provider/types.ts says what it is (their fields are the sdk's, documented in sdk/types.ts)", () => {
  const file = path.join(__dirname, "..", "..", "provider", "types.ts");
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.ES2022, true);
  const silent: string[] = [];
  let types = 0;
  for (const node of source.statements) {
    if (!ts.isInterfaceDeclaration(node) && !ts.isTypeAliasDeclaration(node)) continue;
    types++;
    const docs = ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc);
    if (!docs.some((d) => ts.getTextOfJSDocComment(d.comment)?.trim())) silent.push(node.name.text);
    if (!ts.isInterfaceDeclaration(node)) continue;
    for (const member of node.members) {
      if (!ts.isPropertySignature(member) || !ts.isIdentifier(member.name)) continue;
      const memberDocs = ts.getJSDocCommentsAndTags(member).filter(ts.isJSDoc);
      if (!memberDocs.some((d) => ts.getTextOfJSDocComment(d.comment)?.trim())) silent.push(`${node.name.text}.${member.name.text}`);
    }
  }
  expect(types).toBeGreaterThan(10);
  expect(silent).toEqual([]);
});

test("every kind has its own test file, test/provider/kinds/<kind>.test.ts (docs/design.md)", () => {
  const root = path.join(__dirname, "..", "..");
  const declared = fs
    .readdirSync(path.join(root, "provider", "kinds"))
    .filter((f) => f.endsWith(".ts") && f !== "index.ts")
    .map((f) => f.slice(0, -3));
  expect(declared.length).toBe(Object.keys(kinds).length);
  expect(declared.filter((kind) => !fs.existsSync(path.join(__dirname, "kinds", `${kind}.test.ts`)))).toEqual([]);
});
