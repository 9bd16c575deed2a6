/**
 * The provider operations, once for both plugins: the dynamic providers (runtime/index.ts, whose
 * connection is stack config or the resource's own `connection` input) and the native provider
 * (native/server.ts, whose connection is the provider's configuration). Each runs the kind's
 * declaration through the one lifecycle (provider/framework/lifecycle.ts and its phases); a `ConnectionSource` says
 * where the client comes from and what, beyond the kind's own inputs, travels with a resource.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { EdgeIngress } from "../sdk/client";
import * as lifecycle from "../provider/framework/lifecycle";
import { declarationOf } from "../provider/kinds";
import { DECLARED } from "../provider/framework/hidden-outputs";
import type { KindDeclaration } from "../provider/framework/kind";
import { idFormOf } from "../provider/framework/ids";
import { forUser, UserError } from "./user-error";

type Props = Record<string, any>;

export interface ConnectionSource {
  /** The client for a resource with these props (its inputs, or its state). */
  client(props: Props | undefined): Promise<EdgeIngress>;
  /** The kind's own inputs: what the lifecycle sees. */
  own(props: Props): Props;
  /** Puts what travels with the resource (from `from`) back into `into`, a result's props. */
  keep(into: Props, from: Props | undefined): void;
  /**
   * The resource's connection at check (nothing where the provider checks it once): `problems` are
   * reported with the inputs' own, `failed` alone (the inputs say nothing while it cannot connect).
   */
  checkConnection(news: Props): Promise<{ problems?: dynamic.CheckFailure[]; failed?: dynamic.CheckFailure }>;
  /** The lifecycle's diff, amended for a change of connection. */
  diffConnection(decl: KindDeclaration, id: string, olds: Props, news: Props, result: dynamic.DiffResult): Promise<dynamic.DiffResult>;
}

export interface Operations {
  check(kind: string, olds: Props, news: Props): Promise<dynamic.CheckResult>;
  diff(kind: string, id: string, olds: Props, news: Props): Promise<dynamic.DiffResult>;
  create(kind: string, inputs: Props): Promise<dynamic.CreateResult>;
  read(kind: string, id: string, props?: Props): Promise<dynamic.ReadResult>;
  /**
   * An existing resource taken over by id alone (`pulumi import`, the `import` option): its outputs,
   * and as inputs what a program declares to keep it as it is (every value that is not the default).
   */
  importing(kind: string, id: string): Promise<dynamic.ReadResult>;
  update(kind: string, id: string, olds: Props, news: Props): Promise<dynamic.UpdateResult>;
  delete(kind: string, id: string, props: Props): Promise<void>;
}

/** Runs one operation; what fails is thrown in the user's words (runtime/user-error.ts). */
async function userFacing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    throw forUser(e);
  }
}

export function operations(source: ConnectionSource): Operations {
  const keep = <T extends Props | undefined>(into: T, from: Props | undefined): T => {
    if (into) source.keep(into, from);
    return into;
  };
  const read = async (kind: string, id: string, props?: Props): Promise<dynamic.ReadResult> => {
    const result = await lifecycle.read(declarationOf(kind), await source.client(props), id, props && source.own(props));
    keep(result.props, props);
    // Inputs given back (refresh.ts, "Inputs after a refresh") keep what travels with the resource.
    keep(result.inputs, props);
    return result;
  };
  return {
    check: (kind, olds, news) =>
      userFacing(async () => {
        const { problems = [], failed } = await source.checkConnection(news);
        if (failed) return { inputs: news, failures: [failed] };
        const result = lifecycle.check(declarationOf(kind), olds, source.own(news));
        return { inputs: news, failures: [...problems, ...(result.failures ?? [])] };
      }),
    diff: (kind, id, olds, news) =>
      userFacing(async () => {
        const decl = declarationOf(kind);
        return source.diffConnection(decl, id, olds, news, lifecycle.diff(decl, id, source.own(olds), source.own(news)));
      }),
    async create(kind, inputs) {
      try {
        const result = await lifecycle.create(declarationOf(kind), await source.client(inputs), source.own(inputs));
        keep(result.outs, inputs);
        return result;
      } catch (e) {
        // What was made is recorded with what travels with it, so a later delete finds it.
        if (e instanceof lifecycle.PartialStateError) keep(e.properties, inputs);
        throw forUser(e);
      }
    },
    read: (kind, id, props) => userFacing(() => read(kind, id, props)),
    importing: (kind, id) =>
      userFacing(async () => {
        // An id of another form (another kind's, a child's own without its parent's) names no resource
        // of this kind: said as adopt's check says it, not read as gone ("does not exist").
        const form = idFormOf(declarationOf(kind));
        if (!form.test(id)) throw new UserError(`"${id}" does not have the form of ${kind} ids (${form.shown})`);
        // Read as a resource that declared nothing: the inputs are every value other than its default.
        // Its owned children are read into the outputs, undeclared: a program listing them inline then
        // imports with no change, and one declaring them as resources of their own does too (diff.ts).
        const owned = Object.fromEntries(Object.keys(declarationOf(kind).owns ?? {}).map((key) => [key, []]));
        const result = await read(kind, id, { [DECLARED]: [], ...owned });
        // Recorded as declared, so a later refresh gives back the inputs the program now holds.
        if (result.props && result.inputs) result.props[DECLARED] = Object.keys(result.inputs).sort();
        return result;
      }),
    update: (kind, id, olds, news) =>
      userFacing(async () => {
        const result = await lifecycle.update(declarationOf(kind), await source.client(news), id, source.own(olds), source.own(news));
        keep(result.outs, news);
        return result;
      }),
    delete: (kind, id, props) => userFacing(async () => lifecycle.remove(declarationOf(kind), await source.client(props), id)),
  };
}
