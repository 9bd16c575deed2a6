// The generate index first: it lists sdk-types among its generators (the two modules import each other).
import { GENERATORS } from "../../generate";
import * as fs from "node:fs";
import * as path from "node:path";
import {
  COMMON_FIELDS,
  Printer,
  declarationDoc,
  declarations,
  inSourceOrder,
  ioOf,
  sdkTypes,
  typesFile,
  words,
} from "../../generate/sdk-types";
import { z } from "zod";

const ROOT = path.join(__dirname, "..", "..");
const typesTs = fs.readFileSync(path.join(ROOT, "sdk", "types.ts"), "utf8");

interface Declared {
  doc?: string;
  /** Each top-level field's doc comment (undefined: none). */
  fields: Map<string, string | undefined>;
}

/** The declarations of a generated types file, with the doc comment on each and on each of their own fields. */
function declared(text: string): Map<string, Declared> {
  const out = new Map<string, Declared>();
  let doc: string | undefined;
  let current: Declared | undefined;
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (/^\s*\/\*\*/.test(line)) {
      const start = i;
      while (!lines[i].includes("*/")) i++;
      doc = lines
        .slice(start, i + 1)
        .join(" ")
        .replace(/^\s*\/\*\*|\*\/\s*$/g, "")
        .replace(/\s*\*\s+/g, " ")
        .trim();
      continue;
    }
    const decl = /^export (?:interface|type) (\w+)/.exec(line);
    if (decl) {
      out.set(decl[1], (current = { doc, fields: new Map() }));
    } else if (current && /^ {2}("[^"]+"|[\w$]+)\??: /.test(line)) {
      current.fields.set(/^ {2}("[^"]+"|[\w$]+)/.exec(line)![1], doc);
    } else if (line.startsWith("}")) {
      current = undefined;
    }
    doc = undefined;
  }
  return out;
}

const types = declared(typesTs);
const fieldDoc = (type: string, field: string): string | undefined => {
  const t = types.get(type);
  if (!t) throw new Error(`sdk/types.ts has no ${type}`);
  if (!t.fields.has(field)) throw new Error(`sdk/types.ts: ${type} has no field ${field}`);
  return t.fields.get(field);
};

test("sdk-types is one of the generators", () => {
  expect(GENERATORS).toContain(sdkTypes);
});

test("a request schema is typed by its input, every other schema by its output", () => {
  expect(ioOf("IpPolicyCreateParams")).toBe("input");
  expect(ioOf("IpPolicy")).toBe("output");
  const printer = new Printer();
  const withDefault = z.object({ add: z.record(z.string(), z.string()).default({}), n: z.string().nullable().default(null) });
  expect(printer.type(withDefault, "output")).toBe("{\nadd: Record<string, string>;\nn: string | null;\n}");
  expect(printer.type(withDefault, "input")).toBe("{\nadd?: Record<string, string> | undefined;\nn?: string | null | undefined;\n}");
  // A preprocess fills unset values in: anything goes in, the schema's type comes out.
  const text = z.preprocess((v) => v ?? "", z.string());
  expect(printer.type(text, "output")).toBe("string");
  expect(printer.type(text, "input")).toBe("unknown");
});

test("enums, literals, unions, arrays of unions, tuples and nullish members print as TypeScript", () => {
  const printer = new Printer();
  expect(printer.type(z.enum(["a", "b"]), "output")).toBe('"a" | "b"');
  expect(printer.type(z.union([z.literal(2048), z.literal(4096)]), "output")).toBe("2048 | 4096");
  expect(printer.type(z.array(z.union([z.string(), z.number()])), "output")).toBe("(string | number)[]");
  expect(printer.type(z.tuple([z.string(), z.int()]), "output")).toBe("[string, number]");
  expect(printer.type(z.string().nullish(), "output")).toBe("string | null | undefined");
  expect(printer.type(z.object({ "a-b": z.boolean() }), "output")).toBe('{\n"a-b": boolean;\n}');
});

test("a named schema is printed by its name where its own mode applies, inline elsewhere", () => {
  const Ref = z.object({ id: z.string() });
  const printer = new Printer(new Map([[Ref, "Ref"]]));
  expect(printer.type(z.object({ ref: Ref }), "output")).toBe("{\nref: Ref;\n}");
  expect(printer.type(z.object({ ref: Ref }), "input")).toBe("{\nref: {\n/** The resource's id. */\nid: string;\n};\n}");
});

test("descriptions become doc comments, on the declaration and on fields behind their wrappers", () => {
  const S = z.object({ limit: z.int().describe("Page size.").optional() }).describe("A list's options.");
  expect(new Printer().declaration("ListOptions", S, "input")).toBe(
    "/** A list's options. */\nexport interface ListOptions {\n/** Page size. */\nlimit?: number | undefined;\n}\n",
  );
});

test("a transform's result, which no schema states, is refused with the field that has it", () => {
  const S = z.object({ token: z.string().transform((v) => v.length) });
  expect(() => new Printer().declaration("Key", S, "output")).toThrow("sdk-types: Key.token: a transform's output type is unknown");
  expect(() => new Printer().declaration("Key", z.object({ at: z.map(z.string(), z.string()) }), "output")).toThrow(
    "sdk-types: Key.at: no TypeScript type for a zod map schema",
  );
});

test("public schemas and module sets are found by name; a name exported twice is refused", () => {
  const A = z.object({ id: z.string() }).describe("An A.");
  const Params = z.strictObject({ ref: A }).describe("A request with an A.");
  const modules = { a: { params: Params, model: A } };
  const found = declarations(["one"], () => ({ A, AParams: Params, AModules: modules, builder: z.string(), MAX: 1 }));
  expect(found.map((d) => [d.name, d.kind])).toEqual([
    ["A", "schema"],
    ["AParams", "schema"],
    ["AModules", "modules"],
  ]);
  const text = typesFile(found);
  expect(text).toContain("/** A request with an A. */\nexport interface AParams {\nref: {\n/** The resource's id. */\nid: string;\n};\n}");
  expect(text).toContain("export type AModules = {\na: { params: AParams; model: A };\n};");
  expect(() => declarations(["one", "two"], () => ({ A }))).toThrow("sdk-types: A is exported by both sdk/one.ts and sdk/two.ts");
});

test("a module's declarations follow its source, whatever order the compiler gave its exports object", () => {
  const source = [
    "export const Zed = 1;",
    "const hidden = 2;",
    "export function alpha() {}",
    "export class Mid {}",
    "export let Beta = 3;",
  ].join("\n");
  // swc's CommonJS lists exports alphabetically; a name the source does not declare (a re-export) goes last.
  const exported = { Beta: 3, Mid: 4, Other: 5, Zed: 1, alpha: 2 };
  expect(Object.keys(inSourceOrder(source, exported))).toEqual(["Zed", "alpha", "Mid", "Beta", "Other"]);
  // A name that only starts another's is not taken for it.
  expect(Object.keys(inSourceOrder("export const AB = 1;\nexport const A = 2;", { A: 2, AB: 1 }))).toEqual(["AB", "A"]);
});

test("a module set's entry that describes its module gets that doc", () => {
  const A = z.object({ id: z.string() }).describe("An A.");
  const Params = z.strictObject({ ref: A }).describe("A request with an A.");
  const modules = { a: { params: Params, model: A, description: "The A module: where an A goes." } };
  const text = typesFile(declarations(["one"], () => ({ A, AParams: Params, AModules: modules })));
  expect(text).toContain("export type AModules = {\n/** The A module: where an A goes. */\na: { params: AParams; model: A };\n};");
});

test("a declaration's doc is its schema's description, else said by its name; with neither it is refused", () => {
  const S = z.object({ a: z.string() });
  expect(declarationDoc("IpPolicyRuleCreateParams", S)).toBe("The params to create one IP policy rule.");
  expect(declarationDoc("SshCertificateAuthorityUpdateParams", S)).toBe(
    "The params to update one SSH certificate authority: only the fields given are changed.",
  );
  expect(declarationDoc("OAuthModuleParams", S)).toBe("The OAuth module's config, as a request sets it.");
  expect(declarationDoc("MutualTlsModule", S)).toBe("The mutual TLS module's config, as the API returns it.");
  // A kind's representation is known by its create params.
  expect(declarationDoc("ApiKey", S, new Set(["ApiKey", "ApiKeyCreateParams"]))).toBe("One API key, as the API returns it.");
  expect(() => declarationDoc("ApiKey", S)).toThrow("sdk-types: ApiKey has no doc: describe its schema");
  expect(declarationDoc("ApiKey", S.describe("An API key."))).toBe("An API key.");
  expect(words("HttpsEdgeRoute")).toBe("HTTPS edge route");
});

test("the common fields get one doc, a request's or a response's, unless they describe themselves", () => {
  const printer = new Printer();
  const S = z.object({ id: z.string(), description: z.string().optional(), metadata: z.string().describe("Of the tunnel.") });
  expect(printer.type(S, "output")).toBe(
    `{\n/** ${COMMON_FIELDS.id.output} */\nid: string;\n/** ${COMMON_FIELDS.description.output} */\ndescription?: string | undefined;\n/** Of the tunnel. */\nmetadata: string;\n}`,
  );
  expect(printer.type(S, "input")).toContain(`/** ${COMMON_FIELDS.description.input} */\ndescription?: string | undefined;`);
  expect(COMMON_FIELDS.description.input).toContain("255 bytes");
  expect(COMMON_FIELDS.metadata.input).toContain("4096 bytes");
});

test("a described copy of a named schema is still printed by its name, with the field's own doc", () => {
  const Action = z.enum(["allow", "deny"]).describe("What a rule does.");
  const printer = new Printer(new Map<z.ZodType, string>([[Action, "Action"]]));
  expect(printer.type(z.object({ action: Action.describe("Fixed at creation.") }), "output")).toBe(
    "{\n/** Fixed at creation. */\naction: Action;\n}",
  );
  // The named type's own doc stays on its declaration, not on every field of that type.
  expect(printer.type(z.object({ action: Action }), "output")).toBe("{\naction: Action;\n}");
});

test("every declaration of sdk/types.ts says what it is", () => {
  expect(types.size).toBeGreaterThan(100);
  const undocumented = [...types].filter(([, t]) => !t.doc).map(([name]) => name);
  expect(undocumented).toEqual([]);
  expect(types.get("IpPolicyRule")!.doc).toBe("One IP policy rule, as the API returns it.");
  expect(types.get("IpPolicyRuleCreateParams")!.doc).toBe("The params to create one IP policy rule.");
  expect(types.get("TlsEdgeUpdateParams")!.doc).toContain("A module given replaces that module wholly");
  expect(types.get("CircuitBreakerModuleParams")!.doc).toBe("The circuit breaker module's config, as a request sets it.");
});

/** Fields of sdk/types.ts, at any depth, with no doc comment right above them (`Type.field`, `Type.outer.inner`). */
function undocumentedFields(text: string): string[] {
  const out: string[] = [];
  const path: string[] = [];
  const lines = text.split("\n");
  lines.forEach((line, i) => {
    const decl = /^export (?:interface|type) (\w+)/.exec(line);
    if (decl) path.splice(0, path.length, decl[1]);
    const field = /^( +)("[^"]+"|[\w$]+)\??:( |$)/.exec(line);
    if (!field || !path.length) return;
    const depth = field[1].length / 2;
    path.splice(depth);
    if (!lines[i - 1].trim().endsWith("*/")) out.push([...path, field[2]].join("."));
    // An inline object type: its fields are named under this one.
    if (/\{$/.test(line)) path.push(field[2]);
  });
  return out;
}

test("every field of every sdk type, at any depth, has a doc comment; one without is named", () => {
  expect(undocumentedFields(typesTs)).toEqual([]);
  const sample =
    "export interface A {\n  /** Documented. */\n  a: string;\n  b: {\n    /** Documented. */\n    c: string;\n    d:\n      | string;\n  };\n}\n";
  expect(undocumentedFields(sample)).toEqual(["A.b", "A.b.d"]);
});

test("the field docs written on the schemas reach sdk/types.ts", () => {
  expect(fieldDoc("IpPolicyRuleCreateParams", "cidr")).toContain("RFC 5952");
  // The create's words stay on the create's field; the update's `cidr` has its own.
  expect(fieldDoc("IpPolicyRuleUpdateParams", "cidr")).not.toContain("RFC 5952");
  expect(fieldDoc("IpPolicyRuleUpdateParams", "cidr")).toMatch(/^When given, replaces the CIDR block/);
  expect(fieldDoc("IpPolicyRuleUpdateParams", "action")).toMatch(/^Fixed at creation: .*a new rule/);
  expect(fieldDoc("TlsCertificateCreateParams", "privateKeyPem")).toContain("Write-only: never returned.");
  expect(fieldDoc("CircuitBreakerModuleParams", "errorThresholdPercentage")).toMatch(
    /a fraction from 0 to 1, not a percentage\. Default 0\.5\.$/,
  );
  expect(fieldDoc("OAuthModule", "provider")).toMatch(/^The one provider that was set, by its key\. The identity provider.s key/);
  expect(fieldDoc("SshCertificateAuthorityCreateParams", "keySize")).toBe("RSA only; default 4096.");
  expect(fieldDoc("ReservedDomain", "region")).toBe('"" when unset.');
  // A described copy of the create params keeps their field docs.
  expect(fieldDoc("TunnelGroupBackendUpdateParams", "labels")).toBe(fieldDoc("TunnelGroupBackendCreateParams", "labels"));
  expect(fieldDoc("TunnelGroupBackendUpdateParams", "labels")).toContain("given on update, it replaces the whole map");
  expect(types.get("TunnelGroupBackendUpdateParams")!.doc).toContain("`labels`, when given, replaces the whole map.");
  // Shared field shapes carry their docs into every kind that spreads them.
  expect(fieldDoc("SshUserCertificateCreateParams", "publicKey")).toContain("OpenSSH public key");
  expect(fieldDoc("SshHostCertificateCreateParams", "publicKey")).toContain("OpenSSH public key");
  // An immutable field without its own words says what the builder says.
  expect(fieldDoc("SshHostCertificateUpdateParams", "validUntil")).toBe("Fixed at creation: in update params it may only be absent.");
  // Every module's `enabled`, in and out.
  expect(fieldDoc("BackendModuleParams", "enabled")).toContain("applied to traffic unless `enabled: false`");
  expect(fieldDoc("BackendModule", "enabled")).toBe("Whether the module is applied to traffic.");
  // A module field of every edge and route says what the module does, then what absent or null means.
  expect(fieldDoc("TcpEdge", "backend")).toMatch(/^The backend module: .*\. Null when the module is not set\.$/);
  expect(fieldDoc("HttpsEdgeRouteUpdateParams", "oauth")).toMatch(/^The OAuth module: .*\. Absent: unchanged .*null is refused/);
});

test("every kind's id, uri, createdAt, description and metadata are documented, with the limits in requests", () => {
  let checked = 0;
  for (const [name, t] of types) {
    for (const field of Object.keys(COMMON_FIELDS)) {
      if (!t.fields.has(field)) continue;
      checked++;
      expect([name, field, t.fields.get(field)]).toEqual([name, field, expect.any(String)]);
    }
  }
  expect(checked).toBeGreaterThan(150);
  expect(fieldDoc("IpPolicyCreateParams", "description")).toBe("Human-readable text, at most 255 bytes (UTF-8).");
  expect(fieldDoc("WeightedBackendUpdateParams", "metadata")).toBe("Arbitrary user data, at most 4096 bytes (UTF-8).");
  expect(fieldDoc("IpPolicy", "createdAt")).toContain("RFC 3339");
  expect(fieldDoc("IpPolicy", "description")).toBe('Human-readable text; "" when unset.');
  // A kind's own words win: an endpoint's metadata is its edge's or tunnel's.
  expect(fieldDoc("Endpoint", "metadata")).toBe("The metadata of the serving edge or tunnel.");
});

test("no schema field in sdk/resources keeps a doc comment, which the generated types would drop", () => {
  const dir = path.join(ROOT, "sdk", "resources");
  const found: string[] = [];
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".ts"))) {
    const lines = fs.readFileSync(path.join(dir, file), "utf8").split("\n");
    lines.forEach((line, i) => {
      // A field of an object literal (`key: value,` or `key,`) right under a one-line doc comment.
      if (/^\s+\/\*\*.*\*\/$/.test(line) && /^\s+[\w$]+(: .*)?,$/.test(lines[i + 1] ?? "")) found.push(`${file}:${i + 1}`);
    });
  }
  expect(found).toEqual([]);
});
