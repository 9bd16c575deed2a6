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
  /**
   * Fields of an owned input's children (an edge's inline `routes`) that hold credentials, from the
   * declaration's `owns[…].secrets`: moved out of `input` into `output`, one item per child in the same
   * order, passed and stored as a secret (`output` is an output of the class too), so `input` stays
   * plain (a preview names a child made by hand) and only they are masked. The lifecycle puts them back
   * together (framework/children.ts, `joinSecrets`).
   */
  readonly ownedSecrets?: { readonly input: string; readonly output: string; readonly fields: readonly string[] };
};

/** @internal `args` with the owned input's secret fields moved apart (ClassLists.ownedSecrets). */
export function withSecretsApart(lists: ClassLists, args: Record<string, any>): Record<string, any> {
  const apart = lists.ownedSecrets;
  if (!apart || args[apart.input] === undefined) return args;
  const { input, output, fields } = apart;
  const plain = (child: any) => Object.fromEntries(Object.entries(child ?? {}).filter(([k]) => !fields.includes(k)));
  const secret = (child: any) => Object.fromEntries(fields.filter((k) => child?.[k] !== undefined).map((k) => [k, child[k]]));
  const children: pulumi.Input<pulumi.Input<object>[]> = args[input];
  const isPlain = (v: unknown) => v !== null && typeof v === "object" && !pulumi.Output.isInstance(v) && !(v instanceof Promise);
  // Plain lists of plain children (the usual program) are split field by field, so a value that is
  // an Output keeps its own secretness; a list or a child only known later is split when known (a
  // secret anywhere in it then makes that child, or the list, secret in `input` too: never less).
  if (Array.isArray(children)) {
    const split = children.map((c) =>
      isPlain(c) ? [plain(c), secret(c)] : [pulumi.output(c).apply(plain), pulumi.output(c).apply(secret)],
    );
    return { ...args, [input]: split.map(([p]) => p), [output]: pulumi.secret(split.map(([, s]) => s)) };
  }
  const all = pulumi.output(children);
  return { ...args, [input]: all.apply((cs) => cs.map(plain)), [output]: pulumi.secret(all.apply((cs) => cs.map(secret))) };
}

/**
 * What every resource class passes to `pulumi.CustomResource`: a dynamic resource
 * `pulumi-nodejs:dynamic/edgeingress:<Kind>` whose `__provider` is the kind's provider factory
 * (provider-factory.ts), as `pulumi.dynamic.Resource` would store a serialized provider object. Declares
 * every input and output as an output property, wraps secret inputs and marks secret outputs. A
 * function, not a base class: Pulumi records the caller three frames above `Resource` as the
 * resource's source position, which must be the user's program.
 */
export function resourceArgs(
  lists: ClassLists,
  name: string,
  args: object | undefined,
  opts: pulumi.CustomResourceOptions | undefined,
): [string, string, pulumi.Inputs, pulumi.CustomResourceOptions] {
  const props: Record<string, any> = {};
  for (const key of [...lists.inputs, ...lists.outputs]) props[key] = undefined;
  for (const [key, value] of Object.entries(withSecretsApart(lists, (args ?? {}) as Record<string, any>))) {
    if (key === CONNECTION) continue;
    props[key] = lists.secretInputs?.includes(key) && value !== undefined ? pulumi.secret(value) : value;
  }
  // Secret inputs too: a value the program did not declare (a module added outside Pulumi, read by a
  // refresh) would otherwise land in state and previews in plaintext.
  // And the declared values a refresh gives back as inputs (refresh.ts), which may hold secret ones.
  // And an owned input's credential fields, kept apart (ClassLists.ownedSecrets).
  const secretOutputs = [
    ...(lists.secretOutputs ?? []),
    ...(lists.secretInputs ?? []),
    ...(lists.ownedSecrets ? [lists.ownedSecrets.output] : []),
    SPELLED,
  ];
  // `get` takes the connection in its options (it has no args).
  const { [CONNECTION]: fromGet, ...resourceOpts } = (opts ?? {}) as GetOptions;
  const connection: unknown = (args as Record<string, unknown> | undefined)?.[CONNECTION] ?? fromGet;
  if (connection !== undefined) {
    if (!Connection.isInstance(connection))
      throw new Error(`${lists.name} ${name}: connection must be a Connection (new Connection(name, { apiUrl, apiKey }))`);
    // One secret value: read and delete need it from state, and its key must never be plaintext there.
    props[CONNECTION] = connection.toInput();
    secretOutputs.push(CONNECTION);
  }
  const merged = pulumi.mergeOptions(resourceOpts, { additionalSecretOutputs: secretOutputs });
  props[PROVIDER_KEY] = providerText(lists.name);
  return [typeToken(lists), name, props, merged];
}

/** A kind's Pulumi type token, as `pulumi.dynamic.Resource` would name it: `pulumi-nodejs:dynamic/edgeingress:<Kind>`. */
export function typeToken(lists: ClassLists): string {
  return `pulumi-nodejs:dynamic/${MODULE}:${lists.name}`;
}

/**
 * Each class's static `isInstance`, Pulumi's convention: compares the type token every Pulumi resource
 * carries (`__pulumiType`) rather than using `instanceof`, which fails across two copies of the package.
 */
export function isResourceOf(lists: ClassLists, obj: unknown): boolean {
  return typeof obj === "object" && obj !== null && (obj as { __pulumiType?: unknown }).__pulumiType === typeToken(lists);
}
