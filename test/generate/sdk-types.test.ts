// The generate index first: it lists sdk-types among its generators (the two modules import each other).
import { GENERATORS } from "../../generate";
import { Printer, declarations, ioOf, sdkTypes, typesFile } from "../../generate/sdk-types";
import { z } from "zod";

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
  expect(printer.type(z.object({ ref: Ref }), "input")).toBe("{\nref: {\nid: string;\n};\n}");
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
  const A = z.object({ id: z.string() });
  const Params = z.strictObject({ ref: A });
  const modules = { a: { params: Params, model: A } };
  const found = declarations(["one"], () => ({ A, AParams: Params, AModules: modules, builder: z.string(), MAX: 1 }));
  expect(found.map((d) => [d.name, d.kind])).toEqual([
    ["A", "schema"],
    ["AParams", "schema"],
    ["AModules", "modules"],
  ]);
  const text = typesFile(found);
  expect(text).toContain("export interface AParams {\nref: {\nid: string;\n};\n}");
  expect(text).toContain("export type AModules = {\na: { params: AParams; model: A };\n};");
  expect(() => declarations(["one", "two"], () => ({ A }))).toThrow("sdk-types: A is exported by both sdk/one.ts and sdk/two.ts");
});
