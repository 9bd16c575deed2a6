import * as pulumi from "@pulumi/pulumi";
import { PROVIDER_KEY, providerText } from "./provider-factory";
import { CONNECTION, Connection } from "../connection";
import { SPELLED } from "./hidden-outputs";
import type { KindDeclaration } from "./kind";
import type { GetOptions } from "../types";

export const MODULE = "edgeingress";

/**
 * What a generated resource class (provider/resources/<kind>.ts) carries of its kind's declaration:
 * plain lists, so that a program loads neither the client nor the schemas (the provider process does,
 * where they are used).
 */
export type ClassLists = Pick<KindDeclaration, "name" | "outputs" | "secretInputs" | "secretOutputs"> & {
  /** Every input. */
  readonly inputs: readonly string[];
};

/**
 * What every resource class passes to `pulumi.CustomResource`: a dynamic resource
 * `pulumi-nodejs:dynamic/edgeingress:<Kind>` whose `__provider` is the kind's provider factory
 * (provider-factory.ts), as `pulumi.dynamic.Resource` would store a serialized provider object. Declares
 * every input and output as an output property, wraps secret inputs and marks secret outputs. A
 * function, not a base class: Pulumi records the caller three frames above `Resource` as the
 * resource's source position, which must be the user's program.
 */
export function resourceArgs(
  spec: ClassLists,
  name: string,
  args: object | undefined,
  opts: pulumi.CustomResourceOptions | undefined,
): [string, string, pulumi.Inputs, pulumi.CustomResourceOptions] {
  const props: Record<string, any> = {};
  for (const key of [...spec.inputs, ...spec.outputs]) props[key] = undefined;
  for (const [key, value] of Object.entries(args ?? {})) {
    if (key === CONNECTION) continue;
    props[key] = spec.secretInputs?.includes(key) && value !== undefined ? pulumi.secret(value) : value;
  }
  // Secret inputs too: a value the program did not declare (a module added outside Pulumi, read by a
  // refresh) would otherwise land in state and previews in plaintext.
  // And the declared values a refresh gives back as inputs (lifecycle.ts), which may hold secret ones.
  const secretOutputs = [...(spec.secretOutputs ?? []), ...(spec.secretInputs ?? []), SPELLED];
  // `get` takes the connection in its options (it has no args).
  const { [CONNECTION]: fromGet, ...resourceOpts } = (opts ?? {}) as GetOptions;
  const connection: unknown = (args as Record<string, unknown> | undefined)?.[CONNECTION] ?? fromGet;
  if (connection !== undefined) {
    if (!Connection.isInstance(connection))
      throw new Error(`${spec.name} ${name}: connection must be a Connection (new Connection(name, { apiUrl, apiKey }))`);
    // One secret value: read and delete need it from state, and its key must never be plaintext there.
    props[CONNECTION] = connection.toInput();
    secretOutputs.push(CONNECTION);
  }
  const merged = pulumi.mergeOptions(resourceOpts, { additionalSecretOutputs: secretOutputs });
  props[PROVIDER_KEY] = providerText(spec.name);
  return [typeToken(spec), name, props, merged];
}

/** A kind's Pulumi type token, as `pulumi.dynamic.Resource` would name it: `pulumi-nodejs:dynamic/edgeingress:<Kind>`. */
export function typeToken(spec: ClassLists): string {
  return `pulumi-nodejs:dynamic/${MODULE}:${spec.name}`;
}

/**
 * Each class's static `isInstance`, Pulumi's convention: compares the type token every Pulumi resource
 * carries (`__pulumiType`) rather than using `instanceof`, which fails across two copies of the package.
 */
export function isResourceOf(spec: ClassLists, obj: unknown): boolean {
  return typeof obj === "object" && obj !== null && (obj as { __pulumiType?: unknown }).__pulumiType === typeToken(spec);
}
