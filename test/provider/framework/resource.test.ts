/**
 * What every resource class hands Pulumi (provider/framework/resource.ts, `resourceArgs`): each secret
 * input passed as a secret, and every secret output and secret input in `additionalSecretOutputs`, so
 * neither is stored in plaintext in state. No engine: the arguments are read as the class builds them.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { resourceArgs, type ClassLists } from "../../../provider/framework/resource";
import { SPELLED } from "../../../provider/framework/hidden-outputs";

const DIR = path.join(__dirname, "../../../provider/resources");
/** Every generated class's lists (`<kind>Resource` in provider/resources/<kind>.ts). */
const lists: ClassLists[] = fs
  .readdirSync(DIR)
  .filter((file) => file.endsWith(".ts") && file !== "index.ts")
  .flatMap((file) => Object.values(require(path.join(DIR, file)) as Record<string, unknown>))
  .filter((value): value is ClassLists => typeof value === "object" && value !== null && Array.isArray((value as ClassLists).inputs));

const isSecret = (o: unknown): Promise<boolean> => (pulumi.Output.isInstance(o) ? pulumi.isSecret(o) : Promise.resolve(false));

test("every kind's class is read", () => {
  expect(lists.length).toBeGreaterThanOrEqual(20);
  expect(lists.filter((l) => l.secretOutputs?.length).map((l) => l.name)).toEqual(expect.arrayContaining(["ApiKey", "TunnelCredential"]));
  expect(lists.filter((l) => l.secretInputs?.length).map((l) => l.name)).toEqual(expect.arrayContaining(["TlsCertificate"]));
});

describe.each(lists.map((l) => [l.name, l] as const))("%s", (_name, kind) => {
  test("every secret output and secret input is marked secret in state", () => {
    const [, , , opts] = resourceArgs(kind, "r", {}, undefined);
    const marked = opts.additionalSecretOutputs ?? [];
    for (const key of [...(kind.secretOutputs ?? []), ...(kind.secretInputs ?? []), SPELLED]) expect(marked).toContain(key);
    if (kind.ownedSecrets) expect(marked).toContain(kind.ownedSecrets.output);
  });

  test("a secret input given in plaintext is passed as a secret, others as given", async () => {
    // An owned input's children are split apart: test/provider/owned-secrets.test.ts.
    const args = Object.fromEntries(kind.inputs.map((key) => [key, kind.ownedSecrets?.input === key ? [] : `value of ${key}`]));
    const [, , props] = resourceArgs(kind, "r", args, undefined);
    for (const key of kind.inputs) {
      if (kind.ownedSecrets?.input === key) continue;
      const secret = kind.secretInputs?.includes(key) ?? false;
      expect([key, await isSecret(props[key])]).toEqual([key, secret]);
      if (!secret) expect(props[key]).toBe(`value of ${key}`);
    }
  });
});
