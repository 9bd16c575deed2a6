/**
 * The provider runtime entry, `@edge-ingress/pulumi/runtime`. Serialized providers in users' state
 * call these functions by name for as long as that state lives: keep every name and signature.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { NotFoundError } from "../sdk/core/errors";
import { declarationOf } from "../provider/kinds";
import { containsUnknown } from "../provider/framework/values";
import { CONNECTION } from "../provider/connection-value";
import { clientFor, configure, connectionOf, connectionProblems, LastingError, sameConnection } from "./connection";
import { operations, type ConnectionSource } from "./operations";

export { configure };

type Props = Record<string, any>;

/**
 * The dynamic providers' connection: stack config (or the environment), or the resource's own
 * `connection` input (another account), which travels with it into its outputs: read and delete need
 * it from state.
 */
const resourceConnection: ConnectionSource = {
  client: (props) => clientFor(connectionOf(props)),
  own(props) {
    const { [CONNECTION]: _, ...rest } = props ?? {};
    return rest;
  },
  keep(into, from) {
    // Inputs given back by a read keep the declared connection: the outputs hold it as it was
    // declared, and the engine marks it secret again by its name.
    if (from?.[CONNECTION] !== undefined) into[CONNECTION] = from[CONNECTION];
  },
  async checkConnection(news) {
    const declared = news?.[CONNECTION];
    if (containsUnknown(declared)) return {};
    // The engine prints a named property's value beside the reason: these name no property (a secret).
    const problems = connectionProblems(declared).map((reason) => ({ property: "", reason }));
    if (problems.length) return { problems };
    // A wrong key or URL fails at preview, as a failure: the engine shows it once (a throw is printed twice).
    // One that may pass (a lost answer, a 5xx, a 429) is no fault of the inputs: it is thrown.
    return clientFor(connectionOf(news)).then(
      () => ({}),
      (e: unknown) => {
        if (e instanceof LastingError) return { failed: { property: "", reason: e.message } };
        throw e;
      },
    );
  },
  /**
   * A changed connection is the same resource when the new one still finds its id (a rotated key, another
   * URL of the same deployment); otherwise it belongs to another account, and the resource is replaced:
   * made with the new connection, deleted with the old one.
   */
  async diffConnection(decl, id, olds, news, result) {
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
  },
};

const dynamicOps = operations(resourceConnection);

export async function check(kind: string, olds: Props, news: Props): Promise<dynamic.CheckResult> {
  return dynamicOps.check(kind, olds, news);
}
export async function diff(kind: string, id: string, olds: Props, news: Props): Promise<dynamic.DiffResult> {
  return dynamicOps.diff(kind, id, olds, news);
}
export async function create(kind: string, inputs: Props): Promise<dynamic.CreateResult> {
  return dynamicOps.create(kind, inputs);
}
export async function read(kind: string, id: string, props?: Props): Promise<dynamic.ReadResult> {
  return dynamicOps.read(kind, id, props);
}
export async function update(kind: string, id: string, olds: Props, news: Props): Promise<dynamic.UpdateResult> {
  return dynamicOps.update(kind, id, olds, news);
}
async function remove(kind: string, id: string, props: Props): Promise<void> {
  return dynamicOps.delete(kind, id, props);
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
