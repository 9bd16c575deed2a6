/**
 * Every resource class has Pulumi's static `isInstance`: true for a resource of its own kind (by the type
 * token every Pulumi resource carries, so also across two copies of the package), false for any other.
 * Resources are constructed under Pulumi's mocks: no engine, no provider call.
 */
import * as pulumi from "@pulumi/pulumi";
import * as provider from "../../provider";
import { kinds } from "../../provider/kinds";

type ResourceClass = (new (name: string, args?: object) => pulumi.CustomResource) & { isInstance(obj: unknown): boolean };

beforeAll(async () => {
  await pulumi.runtime.setMocks(
    { newResource: (args) => ({ id: `${args.name}-id`, state: args.inputs }), call: (args) => args.inputs },
    "project",
    "stack",
    true,
  );
});

const classes = Object.keys(kinds).map((name) => [name, (provider as unknown as Record<string, ResourceClass>)[name]] as const);

test("every kind has a resource class with a static isInstance", () => {
  expect(classes.filter(([, cls]) => typeof cls?.isInstance !== "function").map(([name]) => name)).toEqual([]);
});

describe.each(classes)("%s", (name, cls) => {
  test("isInstance is true for a resource of the kind, and false for every other kind's", () => {
    const made = new cls(`is-instance-${name}`, {});
    expect(cls.isInstance(made)).toBe(true);
    expect(classes.filter(([other, c]) => other !== name && c.isInstance(made)).map(([other]) => other)).toEqual([]);
  });

  test("isInstance goes by the type token, not the prototype: a copy from another package instance counts", () => {
    expect(cls.isInstance({ __pulumiType: `pulumi-nodejs:dynamic/edgeingress:${name}` })).toBe(true);
    expect(cls.isInstance({ __pulumiType: `pulumi-nodejs:dynamic/edgeingress:${name}x` })).toBe(false);
    for (const value of [undefined, null, {}, name, 0]) expect(cls.isInstance(value)).toBe(false);
  });
});
