/**
 * A small stand-in for the engine: calls the provider runtime exactly as the engine calls a dynamic
 * provider (check → create; check → diff → replace or update; read on refresh; delete), over a stack of
 * declared resources that refer to each other by "@slot". Invariant 3 is checked here, right after each
 * create, update and read that the stack asked for.
 */
import * as runtime from "../../../runtime";
import { resolveRefs } from "../../support/refs";
import { refsOf } from "./gen";

type Props = Record<string, any>;

export interface Entry {
  slot: string;
  kind: string;
  id: string;
  outs: Props;
  /** The checked inputs last applied. */
  inputs: Props;
  /** Ids this resource refers to (it must be deleted before them). */
  refs: string[];
}

/** A broken invariant: fails the property (never taken for a tolerated fault). */
export class InvariantViolation extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InvariantViolation";
  }
}

/** An operation the provider failed (tolerated under faults; a finding without them). */
export class StepError extends Error {
  readonly step: string;
  constructor(step: string, cause: unknown) {
    super(`${step}: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.step = step;
  }
}

export interface Declared {
  slot: string;
  kind: string;
  args: Props;
}

const isPartial = (e: unknown): e is Error & { id: string; properties: Props } =>
  e instanceof Error && typeof (e as any).id === "string" && (e as any).properties !== null && typeof (e as any).properties === "object";

export class MiniEngine {
  /** The stack's state by slot. */
  readonly state = new Map<string, Entry>();
  /** Replaced resources still to delete (the engine keeps them in state until they are). */
  pendingDeletes: Entry[] = [];
  /** Every id the stack has ever held in state: created or adopted. */
  readonly claimed = new Set<string>();
  /** Kinds created at least once (coverage). */
  readonly created = new Set<string>();
  /** When false, a read's diff is not checked (out-of-band changes since the last up). */
  checkReads = true;

  private ids(): Record<string, string> {
    return Object.fromEntries([...this.state].map(([slot, e]) => [slot, e.id]));
  }

  private put(e: Entry): void {
    this.state.set(e.slot, e);
    this.claimed.add(e.id);
  }

  private async expectClean(what: string, kind: string, id: string, outs: Props, inputs: Props): Promise<void> {
    const d = await runtime.diff(kind, id, outs, inputs);
    if (d.changes || (d.replaces ?? []).length) {
      throw new InvariantViolation(
        `${what} ${kind} ${id}: diff against the declaration is not empty: ${JSON.stringify({ replaces: d.replaces, changes: d.changes, outs, inputs })}`,
      );
    }
  }

  private async create(kind: string, slot: string, inputs: Props, refs: string[]): Promise<void> {
    try {
      const res = await runtime.create(kind, inputs);
      this.put({ slot, kind, id: res.id, outs: res.outs ?? {}, inputs, refs });
      this.created.add(kind);
      await this.expectClean("just created", kind, res.id, res.outs ?? {}, inputs);
    } catch (e) {
      if (e instanceof InvariantViolation) throw e;
      if (isPartial(e)) this.put({ slot, kind, id: e.id, outs: e.properties, inputs, refs });
      throw new StepError(`create ${kind} ${slot}`, e);
    }
  }

  private async remove(e: Entry): Promise<void> {
    try {
      await runtime.delete(e.kind, e.id, e.outs);
    } catch (err) {
      throw new StepError(`delete ${e.kind} ${e.id}`, err);
    }
  }

  /** Resources in an order where each comes after the ones it refers to. */
  private static ordered(decls: Declared[]): Declared[] {
    const bySlot = new Map(decls.map((d) => [d.slot, d]));
    const out: Declared[] = [];
    const seen = new Set<string>();
    const visit = (d: Declared) => {
      if (seen.has(d.slot)) return;
      seen.add(d.slot);
      for (const r of refsOf(d.args)) if (bySlot.has(r)) visit(bySlot.get(r)!);
      out.push(d);
    };
    decls.forEach(visit);
    return out;
  }

  /** `pulumi up`: stops at the first failure, as the engine does by default. */
  async up(decls: Declared[]): Promise<void> {
    // Replaced resources of an earlier failed up go first, as the engine does.
    await this.deleteAll([]);
    for (const d of MiniEngine.ordered(decls)) {
      const refs = [...refsOf(d.args)];
      const ids = this.ids();
      if (refs.some((r) => !ids[r])) throw new InvariantViolation(`harness: ${d.slot} refers to an undeclared resource`);
      const news = resolveRefs(d.args, ids) as Props;
      const old = this.state.get(d.slot);
      // A check that throws (the connection check met a fault) fails the up, as in the engine.
      const checked = await runtime.check(d.kind, old?.inputs ?? {}, news).catch((e) => {
        throw new StepError(`check ${d.kind} ${d.slot}`, e);
      });
      if (checked.failures?.length)
        throw new InvariantViolation(`check ${d.kind} ${d.slot} refused a generated valid state: ${JSON.stringify(checked.failures)}`);
      const inputs = checked.inputs as Props;
      const refIds = refs.map((r) => ids[r]);
      if (!old) {
        await this.create(d.kind, d.slot, inputs, refIds);
        continue;
      }
      const diff = await runtime.diff(d.kind, old.id, old.outs, inputs);
      if ((diff.replaces ?? []).length) {
        if (diff.deleteBeforeReplace) {
          await this.remove(old);
          this.state.delete(d.slot);
        } else {
          this.pendingDeletes.push(old);
          this.state.delete(d.slot);
        }
        await this.create(d.kind, d.slot, inputs, refIds);
      } else if (diff.changes) {
        try {
          const res = await runtime.update(d.kind, old.id, old.outs, inputs);
          this.put({ ...old, outs: res.outs ?? {}, inputs, refs: refIds });
          await this.expectClean("just updated", d.kind, old.id, res.outs ?? {}, inputs);
        } catch (e) {
          if (e instanceof InvariantViolation) throw e;
          if (isPartial(e)) this.put({ ...old, outs: e.properties, refs: refIds });
          throw new StepError(`update ${d.kind} ${d.slot}`, e);
        }
      } else {
        this.put({ ...old, inputs, refs: refIds });
      }
    }
    const declared = new Set(decls.map((d) => d.slot));
    const removed = [...this.state.values()].filter((e) => !declared.has(e.slot));
    await this.deleteAll(removed);
  }

  /** Deletes the replaced and the removed, each before what it refers to. */
  private async deleteAll(removed: Entry[]): Promise<void> {
    let todo = [...this.pendingDeletes, ...removed];
    while (todo.length) {
      const next = todo.find((e) => !todo.some((o) => o !== e && o.refs.includes(e.id)));
      if (!next) throw new InvariantViolation("harness: a cycle among deletes");
      await this.remove(next);
      todo = todo.filter((e) => e !== next);
      this.pendingDeletes = this.pendingDeletes.filter((e) => e !== next);
      if (this.state.get(next.slot) === next) this.state.delete(next.slot);
    }
  }

  /** `pulumi refresh`: a resource read as gone leaves the state. */
  async refresh(): Promise<void> {
    for (const e of [...this.pendingDeletes, ...this.state.values()]) {
      let res: Awaited<ReturnType<typeof runtime.read>>;
      try {
        res = await runtime.read(e.kind, e.id, e.outs);
      } catch (err) {
        throw new StepError(`read ${e.kind} ${e.id}`, err);
      }
      if (!res.id) {
        if (this.state.get(e.slot) === e) this.state.delete(e.slot);
        this.pendingDeletes = this.pendingDeletes.filter((p) => p !== e);
        continue;
      }
      if (res.id !== e.id) throw new InvariantViolation(`read ${e.kind} ${e.id} answered another id ${res.id}`);
      e.outs = res.props ?? {};
      if (this.checkReads && this.state.get(e.slot) === e) await this.expectClean("just read", e.kind, e.id, e.outs, e.inputs);
    }
  }
}
