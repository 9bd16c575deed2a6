/**
 * Every default of the package schema is an input the provider accepts: Pulumi's code generators fill
 * a schema default into each resource the program declares, so one the provider's own check refuses
 * fails every program of that kind (a reserved domain's deprecated `region` once had the default `""`).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { ROOT } from "../../generate";
import { SCHEMA_PATH, token, type PackageSchema } from "../../generate/schema";
import { check } from "../../provider/framework/check";
import { kinds } from "../../provider/kinds";

const schema = JSON.parse(fs.readFileSync(path.join(ROOT, SCHEMA_PATH), "utf8")) as PackageSchema;

/** The provider's check of one input alone: its failures that name that input (the missing required ones aside). */
function refusals(kind: string, key: string, value: unknown): string[] {
  const result = check(kinds[kind], {}, { [key]: value });
  return (result.failures ?? []).map((f) => f.reason).filter((reason) => new RegExp(`^${key}(?:[.[:]|$)`).test(reason));
}

const defaults = Object.values(kinds).flatMap((d) =>
  Object.entries(schema.resources[token(d.name)].inputProperties)
    .filter(([, p]) => "default" in p)
    .map(([key, p]) => [d.name, key, p.default] as const),
);

test("the schema has defaults to check, in most kinds", () => {
  expect(new Set(defaults.map(([kind]) => kind)).size).toBeGreaterThanOrEqual(20);
});

test.each(defaults)("%s.%s: the default %j passes the provider's check", (kind, key, value) => {
  expect(refusals(kind, key, value)).toEqual([]);
});

test("the check this relies on refuses a value outside an enum, as it did the old default of ReservedDomain.region", () => {
  expect(refusals("ReservedDomain", "region", "")).toEqual([expect.stringMatching(/^region: must be one of /)]);
  expect(schema.resources[token("ReservedDomain")].inputProperties.region).not.toHaveProperty("default");
});
