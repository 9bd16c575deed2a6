/**
 * What the engine does with a provider for `up`, `preview`, `refresh` and `destroy`, over the protocol
 * (hosts.ts): refresh reads every resource; each declared resource is checked against its old inputs,
 * diffed against its old outputs, then created, updated or replaced (create before delete unless the
 * diff asks otherwise), or imported or read; undeclared ones are deleted, dependents first. Steps run
 * as soon as what they refer to is done, all at once otherwise, and the first failure stops new steps,
 * as in the engine. Secrets follow the engine's rules (values.ts). A partial create or update
 * (ErrorResourceInitFailed) is kept in state. What it leaves out: the engine's display, plans,
 * targets, protect, aliases and the language hosts; test/e2e's contract suites prove those once per path.
 */
import { ProviderError, type Session } from "./hosts";
import { annotate, reveal, sameValue, UNKNOWN, holdsUnknown, type Props } from "./values";

export interface StateResource {
  urn: string;
  type: string;
  kind: string;
  name: string;
  id: string;
  inputs: Props;
  outputs: Props;
  /** URNs it refers to. */
  dependencies: string[];
  additionalSecretOutputs: string[];
  /** Read with `Kind.get` (a `get:` resource): never created or deleted by the stack. */
  external?: boolean;
}

/** One declared resource of the program, its inputs as the language host registers them. */
export interface Goal {
  urn: string;
  type: string;
  kind: string;
  name: string;
  /** Inputs with ids of other resources resolved by `ids` (UNKNOWN where not known yet). */
  inputs(ids: Readonly<Record<string, string>>): Props;
  /** Names of the resources it refers to. */
  refs: string[];
  /** Their URNs. */
  dependsOn: string[];
  additionalSecretOutputs: string[];
  /** The `import` option's id (native). */
  importId?: string;
  /** A `get` resource's id. */
  readId?: string;
}

export interface Step {
  op: string;
  urn: string;
  oldState?: StateResource;
  newState?: StateResource;
  detailedDiff?: Record<string, string>;
}

export interface Outcome {
  steps: Step[];
  /** Diagnostics, one per failed step: `<type> resource '<name>': <message>`. */
  errors: string[];
  state: StateResource[];
}

/** A step that failed; its message is the engine's. */
class StepFailed extends Error {}

export class Deployment {
  readonly steps: Step[] = [];
  readonly errors: string[] = [];
  private failed = false;
  private readonly state: Map<string, StateResource>;
  /** Replaced resources, deleted after every other step. */
  private readonly replaced: StateResource[] = [];

  constructor(
    private readonly session: Session,
    state: StateResource[],
    private readonly preview: boolean,
  ) {
    this.state = new Map(state.map((r) => [r.urn, { ...r }]));
  }

  private get dynamic(): boolean {
    return this.session.path === "dynamic";
  }

  /** Values as this provider takes them: revealed for one that does not accept secrets. */
  private send = (v: Props): Props => (this.dynamic ? reveal(v) : v);

  private fail(r: { type: string; name: string }, e: unknown): never {
    this.failed = true;
    const message = e instanceof Error ? e.message : String(e);
    this.errors.push(`${r.type} resource '${r.name}': ${message}`);
    throw new StepFailed(message);
  }

  /** `refresh`: every resource read; one read as gone leaves the state. */
  async refresh(): Promise<void> {
    await Promise.all(
      [...this.state.values()].map(async (r) => {
        let res;
        try {
          res = await this.session.read(r.urn, r.type, r.id, this.send(r.outputs), this.send(r.inputs));
        } catch (e) {
          this.fail(r, e instanceof ProviderError ? e : new Error(String(e)));
        }
        this.steps.push({ op: "refresh", urn: r.urn, oldState: r });
        if (!res.id) {
          this.state.delete(r.urn);
          return;
        }
        const outputs = this.dynamic
          ? annotate(res.outputs, r.outputs, r.additionalSecretOutputs)
          : annotate(res.outputs, {}, r.additionalSecretOutputs);
        const inputs = res.inputs === undefined ? r.inputs : this.dynamic ? annotate(res.inputs, r.inputs) : res.inputs;
        this.state.set(r.urn, { ...r, id: res.id, outputs, inputs });
      }),
    ).catch(swallowStepFailure);
  }

  /** `up` or `preview` of `goals`: the steps, in order of completion. */
  async update(goals: Goal[]): Promise<void> {
    const byName = new Map(goals.map((g) => [g.name, g]));
    const done = new Map<string, Promise<string | undefined>>();
    const run = (g: Goal): Promise<string | undefined> => {
      let p = done.get(g.name);
      if (!p) {
        p = (async () => {
          const ids: Record<string, string> = {};
          for (const ref of g.refs) {
            const dep = byName.get(ref);
            if (!dep) throw new Error(`${g.name} refers to ${ref}, which the program does not declare`);
            ids[ref] = (await run(dep)) ?? UNKNOWN;
          }
          if (this.failed) return undefined;
          return this.step(g, ids);
        })();
        done.set(g.name, p);
      }
      return p;
    };
    await Promise.all(goals.map((g) => run(g).catch(swallowStepFailure)));
    if (this.failed) return;
    const declared = new Set(goals.map((g) => g.urn));
    const removed = [...this.state.values()].filter((r) => !declared.has(r.urn));
    await this.deleteAll([...this.replaced, ...removed], removed);
  }

  /** `destroy`: every resource the stack made, dependents first. */
  async destroy(): Promise<void> {
    const all = [...this.state.values()];
    await this.deleteAll(all, all);
  }

  /** Deletes `doomed`, each after whatever refers to it; `steps` of them show as a delete. */
  private async deleteAll(doomed: StateResource[], shown: StateResource[]): Promise<void> {
    const gone = new Map<StateResource, Promise<void>>();
    const remove = (r: StateResource): Promise<void> => {
      let p = gone.get(r);
      if (!p) {
        p = (async () => {
          await Promise.all(doomed.filter((o) => o !== r && o.dependencies.includes(r.urn)).map(remove));
          if (this.failed) return;
          if (shown.includes(r)) this.steps.push({ op: "delete", urn: r.urn, oldState: r });
          if (this.preview) return void (this.state.get(r.urn) === r && this.state.delete(r.urn));
          if (!r.external) {
            try {
              await this.session.delete(r.urn, r.type, r.id, this.send(r.outputs), this.send(r.inputs));
            } catch (e) {
              this.fail(r, e);
            }
          }
          if (this.state.get(r.urn) === r) this.state.delete(r.urn);
        })();
        gone.set(r, p);
      }
      return p;
    };
    await Promise.all(doomed.map((r) => remove(r).catch(swallowStepFailure)));
  }

  private async check(g: Goal, olds: Props, news: Props): Promise<Props> {
    const checked = await this.session.check(g.urn, g.type, this.send(olds), this.send(news));
    if (checked.failures.length) {
      // The engine's words (pkg/resource/deploy: issueCheckFailures).
      const lines = checked.failures.map((f) =>
        f.property
          ? `property ${f.property} value {${String(reveal(news)[f.property])}} has a problem: ${f.reason}`
          : `has a problem: ${f.reason}`,
      );
      throw new Error(lines.join("\n"));
    }
    return this.dynamic ? annotate(checked.inputs, news) : checked.inputs;
  }

  /** One declared resource's step; the id it ends with (UNKNOWN in a preview of a create or replace). */
  private async step(g: Goal, ids: Record<string, string>): Promise<string | undefined> {
    const news = g.inputs(ids);
    const old = this.state.get(g.urn);
    const base = { urn: g.urn, type: g.type, kind: g.kind, name: g.name, dependencies: g.dependsOn };
    try {
      if (g.readId !== undefined) {
        const res = await this.session.read(g.urn, g.type, g.readId, this.send(news), {});
        if (!res.id) throw new Error(`resource '${g.readId}' does not exist`);
        const r = {
          ...base,
          dependencies: [],
          id: res.id,
          inputs: res.inputs ?? {},
          outputs: res.outputs,
          additionalSecretOutputs: [],
          external: true,
        };
        this.state.set(g.urn, r);
        this.steps.push({ op: "read", urn: g.urn, newState: r });
        return res.id;
      }
      // An import id other than the one in state imports that resource in its place; the old one is only forgotten.
      if (g.importId !== undefined && old?.id !== g.importId)
        return await this.import(g, base, news, g.importId, old ? "import-replacement" : "import");
      const inputs = await this.check(g, old?.inputs ?? {}, news);
      if (!old) return await this.create(g, base, inputs, "create");
      const diff = await this.session.diff(g.urn, g.type, old.id, this.send(old.outputs), this.send(inputs), this.send(old.inputs));
      const next = { ...old, ...base, inputs, additionalSecretOutputs: g.additionalSecretOutputs };
      if (diff.replaces.length) {
        this.steps.push({ op: "replace", urn: g.urn, oldState: old, detailedDiff: diff.detailedDiff });
        if (this.preview) return UNKNOWN;
        if (diff.deleteBeforeReplace) {
          await this.session.delete(old.urn, old.type, old.id, this.send(old.outputs), this.send(old.inputs));
          this.state.delete(g.urn);
        } else this.replaced.push(old);
        return await this.create(g, base, inputs, undefined);
      }
      // DIFF_UNKNOWN (0): the engine compares old and new inputs itself.
      const changed = diff.changes === 2 || (diff.changes === 0 && !sameValue(old.inputs, inputs));
      if (!changed) {
        this.state.set(g.urn, next);
        return old.id;
      }
      this.steps.push({ op: "update", urn: g.urn, oldState: old, newState: next, detailedDiff: diff.detailedDiff });
      if (this.preview) return old.id;
      try {
        const res = await this.session.update(g.urn, g.type, old.id, this.send(old.outputs), this.send(inputs), this.send(old.inputs));
        this.state.set(g.urn, { ...next, outputs: this.outputs(res.outputs, inputs, g) });
      } catch (e) {
        if (e instanceof ProviderError && e.partial)
          this.state.set(g.urn, { ...next, outputs: this.outputs(e.partial.properties, inputs, g) });
        throw e;
      }
      return old.id;
    } catch (e) {
      if (e instanceof StepFailed) throw e;
      return this.fail(g, e);
    }
  }

  private outputs(outs: Props, inputs: Props, g: Goal): Props {
    return annotate(outs, this.dynamic ? inputs : {}, g.additionalSecretOutputs);
  }

  private async create(
    g: Goal,
    base: Omit<StateResource, "id" | "inputs" | "outputs" | "additionalSecretOutputs">,
    inputs: Props,
    op?: string,
  ) {
    const planned = { ...base, id: "", inputs, outputs: {}, additionalSecretOutputs: g.additionalSecretOutputs };
    if (op) this.steps.push({ op, urn: g.urn, newState: planned });
    if (this.preview || holdsUnknown(inputs)) return UNKNOWN;
    try {
      const res = await this.session.create(g.urn, g.type, this.send(inputs));
      this.state.set(g.urn, { ...planned, id: res.id, outputs: this.outputs(res.outputs, inputs, g) });
      return res.id;
    } catch (e) {
      if (e instanceof ProviderError && e.partial?.id)
        this.state.set(g.urn, { ...planned, id: e.partial.id, outputs: this.outputs(e.partial.properties, inputs, g) });
      throw e;
    }
  }

  /** The `import` option: read the id, check the declared inputs against what was read; they must match. */
  private async import(
    g: Goal,
    base: Omit<StateResource, "id" | "inputs" | "outputs" | "additionalSecretOutputs">,
    news: Props,
    id: string,
    op: string,
  ) {
    const res = await this.session.read(g.urn, g.type, id, {}, {});
    if (!res.id) throw new Error(`Preview failed: resource '${id}' does not exist`);
    const inputs = await this.check(g, res.inputs ?? {}, news);
    const diff = await this.session.diff(g.urn, g.type, id, res.outputs, this.send(inputs), res.inputs ?? {});
    const r = { ...base, id, inputs, outputs: this.outputs(res.outputs, inputs, g), additionalSecretOutputs: g.additionalSecretOutputs };
    this.steps.push({ op, urn: g.urn, newState: r, detailedDiff: diff.detailedDiff });
    if (diff.changes === 2 || diff.replaces.length)
      throw new Error(`inputs to import do not match the existing resource: [${Object.keys(diff.detailedDiff ?? {}).join(", ")}]`);
    this.state.set(g.urn, r);
    return id;
  }

  outcome(): Outcome {
    return { steps: this.steps, errors: this.errors, state: [...this.state.values()] };
  }
}

const swallowStepFailure = (e: unknown) => {
  if (!(e instanceof StepFailed)) throw e;
};
