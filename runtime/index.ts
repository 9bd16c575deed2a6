/**
 * The provider runtime entry, `@edge-ingress/pulumi/runtime`. Serialized providers in users' state
 * call these functions by name for as long as that state lives: keep every name and signature.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { NotFoundError } from "../sdk/core/errors";
import * as lifecycle from "../provider/framework/lifecycle";
import { declarationOf } from "../provider/kinds";
import { containsUnknown } from "../provider/framework/values";
import { CONNECTION } from "../provider/connection";
import { clientFor, configure, connectionOf, connectionProblems, LastingError, sameConnection } from "./connection";
import { forUser } from "./user-error";

export { configure };

type Props = Record<string, any>;

/** Inputs without the resource's connection (the lifecycle sees only the kind's own inputs). */
function ownInputs(props: Props): Props {
  const { [CONNECTION]: _, ...rest } = props ?? {};
  return rest;
}

/** Outputs with the resource's connection kept: read and delete need it from state. */
function withConnection<T extends { outs?: Props; props?: Props }>(result: T, from: Props | undefined): T {
  const value = from?.[CONNECTION];
  if (value === undefined) return result;
  if (result.outs) result.outs[CONNECTION] = value;
  if (result.props) result.props[CONNECTION] = value;
  return result;
}

/** Runs one operation; what fails is thrown in the user's words (runtime/user-error.ts). */
async function userFacing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    throw forUser(e);
  }
}

export async function check(kind: string, olds: Props, news: Props): Promise<dynamic.CheckResult> {
  return userFacing(() => checkInputs(kind, olds, news));
}

async function checkInputs(kind: string, olds: Props, news: Props): Promise<dynamic.CheckResult> {
  const declared = news?.[CONNECTION];
  const known = !containsUnknown(declared);
  // The engine prints a named property's value beside the reason: these name no property (a secret).
  const problems = known ? connectionProblems(declared).map((reason) => ({ property: "", reason })) : [];
  // A wrong key or URL fails at preview, as a failure: the engine shows it once (a throw is printed twice).
  // One that may pass (a lost answer, a 5xx, a 429) is no fault of the inputs: it is thrown.
  if (known && !problems.length) {
    const failure = await clientFor(connectionOf(news)).then(
      () => undefined,
      (e: unknown) => {
        if (e instanceof LastingError) return { property: "", reason: e.message };
        throw e;
      },
    );
    if (failure) return { inputs: news, failures: [failure] };
  }
  const result = lifecycle.check(declarationOf(kind), olds, ownInputs(news));
  return { inputs: news, failures: [...problems, ...(result.failures ?? [])] };
}

/**
 * A changed connection is the same resource when the new one still finds its id (a rotated key, another
 * URL of the same deployment); otherwise it belongs to another account, and the resource is replaced:
 * made with the new connection, deleted with the old one.
 */
export async function diff(kind: string, id: string, olds: Props, news: Props): Promise<dynamic.DiffResult> {
  return userFacing(() => diffInputs(kind, id, olds, news));
}

async function diffInputs(kind: string, id: string, olds: Props, news: Props): Promise<dynamic.DiffResult> {
  const decl = declarationOf(kind);
  const result = lifecycle.diff(decl, id, ownInputs(olds), ownInputs(news));
  if (containsUnknown(news?.[CONNECTION])) return { ...result, changes: true };
  const next = connectionOf(news);
  if (sameConnection(connectionOf(olds), next)) return result;
  const moved = await decl
    .api(await clientFor(next))
    .get(id)
    .then(
      () => false,
      (e: unknown) => {
        if (e instanceof NotFoundError) return true;
        throw e;
      },
    );
  if (!moved) return { ...result, changes: true };
  const replaces = [...(result.replaces ?? []), CONNECTION];
  return { ...result, changes: true, replaces, deleteBeforeReplace: result.deleteBeforeReplace || (decl.unique ?? []).length > 0 };
}
export async function create(kind: string, inputs: Props): Promise<dynamic.CreateResult> {
  try {
    return withConnection(await lifecycle.create(declarationOf(kind), await clientFor(connectionOf(inputs)), ownInputs(inputs)), inputs);
  } catch (e) {
    // What was made is recorded with its connection, so a later delete goes to its account.
    if (e instanceof lifecycle.PartialStateError && inputs?.[CONNECTION] !== undefined) e.properties[CONNECTION] = inputs[CONNECTION];
    throw forUser(e);
  }
}
export async function read(kind: string, id: string, props?: Props): Promise<dynamic.ReadResult> {
  return userFacing(async () => {
    const result = withConnection(
      await lifecycle.read(declarationOf(kind), await clientFor(connectionOf(props)), id, props && ownInputs(props)),
      props,
    );
    // Inputs given back (refresh.ts, "Inputs after a refresh") keep the declared connection: the
    // outputs hold it as it was declared, and the engine marks it secret again by its name.
    if (result.inputs && props?.[CONNECTION] !== undefined) result.inputs[CONNECTION] = props[CONNECTION];
    return result;
  });
}
export async function update(kind: string, id: string, olds: Props, news: Props): Promise<dynamic.UpdateResult> {
  return userFacing(async () =>
    withConnection(
      await lifecycle.update(declarationOf(kind), await clientFor(connectionOf(news)), id, ownInputs(olds), ownInputs(news)),
      news,
    ),
  );
}
async function remove(kind: string, id: string, props: Props): Promise<void> {
  return userFacing(async () => lifecycle.remove(declarationOf(kind), await clientFor(connectionOf(props)), id));
}
export { remove as delete };

/** The kind's provider object, for the serialized factory (provider/framework/provider-factory.ts) in state. */
export function provider(kind: string): dynamic.ResourceProvider {
  declarationOf(kind); // an unknown kind fails when the provider loads
  return {
    configure,
    check: (olds, news) => check(kind, olds, news),
    diff: (id, olds, news) => diff(kind, id, olds, news),
    create: (inputs) => create(kind, inputs),
    read: (id, props) => read(kind, id, props),
    update: (id, olds, news) => update(kind, id, olds, news),
    delete: (id, props) => remove(kind, id, props),
  };
}
