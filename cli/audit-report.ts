/**
 * The audit's report: the account compared with the stacks' states (`classify`), what `--export` writes
 * of it, the exit code it means and its text for people (`formatReport`). Pure.
 */
import { providerId } from "../provider/framework/ids";
import type { KindDeclaration } from "../provider/framework/kind";
import { toOutputs } from "../provider/framework/lifecycle";
import { kinds } from "../provider/kinds";
import { ignoredBy, type IgnoreEntry, type StackState } from "./audit-inputs";
import { EXPORT_ORDER, type AccountSnapshot, type InlineAddition } from "./generate";

export const EXIT = { clean: 0, drift: 1, usage: 2, unreadable: 3 } as const;

// --- classification ----------------------------------------------------------------------------------

export interface Unmanaged {
  kind: string;
  id: string;
  description: string;
  /**
   * Set when its parent is declared by a stack with the whole list of its children inline (an edge's
   * `routes`): it belongs in that list, not in a declaration of its own.
   */
  inlineIn?: { kind: string; id: string; key: string; stack: string };
}
export interface Missing {
  kind: string;
  id: string;
  description: string;
  stack: string;
  urn: string;
}
export interface Ignored {
  finding: "unmanaged" | "missing";
  kind: string;
  id: string;
  description: string;
  /** The stack that records it (missing ones). */
  stack?: string;
  /** The ignore file's entry and line. */
  entry: string;
  line: number;
}
export interface NotChecked {
  kind: string;
  id: string;
  stack: string;
  reason: string;
}
export interface NotDeclarable {
  kind: string;
  id: string;
  reason: string;
}

/** The `--json` output (docs/audit.md): version 1. */
export interface AuditReport {
  version: 1;
  apiUrl: string;
  stacks: Array<{ name: string; project: string; source: string; resources: number }>;
  unmanaged: Unmanaged[];
  missing: Missing[];
  ignored: Ignored[];
  notChecked: NotChecked[];
  notDeclarable: NotDeclarable[];
  /**
   * Set by --export: where the unmanaged ones were written as a program; `resources` declared with
   * `adopt`, `inline` to add to a parent's inline list (in its README) instead.
   */
  export: { dir: string; resources: number; inline: number } | null;
  /** True when anything is unmanaged or missing (after the ignore file). */
  drift: boolean;
}

const descriptionOf = (obj: Record<string, any>): string => (typeof obj.description === "string" ? obj.description : "");

/** The parent that a stack declares with this child's kind inline, if any. */
function inlineParent(
  decl: KindDeclaration,
  obj: any,
  owners: ReadonlyMap<string, { kind: string; stack: string; keys: string[] }>,
): Pick<Unmanaged, "inlineIn"> {
  if (!decl.parent) return {};
  const parentId = toOutputs(decl, obj)[decl.parent.key];
  const owner = typeof parentId === "string" ? owners.get(parentId) : undefined;
  const key = Object.entries(kinds[owner?.kind ?? ""]?.owns ?? {}).find(
    ([k, owned]) => owned.decl.name === decl.name && owner!.keys.includes(k),
  )?.[0];
  return owner && key ? { inlineIn: { kind: owner.kind, id: parentId as string, key, stack: owner.stack } } : {};
}

/** Compares the account with the stacks' states; the ignore file takes out what people keep on purpose. */
export function classify(
  snapshot: AccountSnapshot,
  states: readonly StackState[],
  ignore: readonly IgnoreEntry[],
  apiUrl: string,
): AuditReport {
  const managed = new Set(states.flatMap((s) => s.resources.map((r) => r.id)));
  // Parents a stack declares with an owned list inline: parent id → the stack and the inputs.
  const owners = new Map<string, { kind: string; stack: string; keys: string[] }>();
  for (const state of states)
    for (const r of state.resources) if (r.ownsInline) owners.set(r.id, { kind: r.kind, stack: state.name, keys: r.ownsInline });
  const inAccount = new Set<string>();
  const unmanaged: Unmanaged[] = [];
  const missing: Missing[] = [];
  const ignored: Ignored[] = [];
  const notChecked: NotChecked[] = [];
  const notDeclarable: NotDeclarable[] = [];
  for (const kind of EXPORT_ORDER) {
    const decl = kinds[kind];
    for (const obj of snapshot[kind] ?? []) {
      const id = providerId(decl, obj);
      inAccount.add(id);
      if (managed.has(id)) continue;
      // What no program could declare (a certificate the service issued for a domain) is not drift.
      const why = decl.export?.skip?.(obj);
      if (why) {
        notDeclarable.push({ kind, id, reason: why });
        continue;
      }
      const item = { kind, id, description: descriptionOf(obj) };
      const by = ignoredBy(ignore, item);
      if (by) ignored.push({ finding: "unmanaged", ...item, entry: by.entry, line: by.line });
      else unmanaged.push({ ...item, ...inlineParent(decl, obj, owners) });
    }
  }
  const listed = new Set(Object.keys(snapshot));
  for (const state of states) {
    for (const r of state.resources) {
      if (inAccount.has(r.id) || r.pendingDelete) continue;
      const reason = !listed.has(r.kind)
        ? `${r.kind} is not a kind this package lists`
        : r.placement === "other"
          ? "its connection names another API URL"
          : r.placement === "unknown"
            ? "it names its own connection (encrypted in the state, or another key): another account's, or gone"
            : undefined;
      if (reason) {
        notChecked.push({ kind: r.kind, id: r.id, stack: state.name, reason });
        continue;
      }
      const item = { kind: r.kind, id: r.id, description: r.description };
      const by = ignoredBy(ignore, item);
      if (by) ignored.push({ finding: "missing", ...item, stack: state.name, entry: by.entry, line: by.line });
      else missing.push({ ...item, stack: state.name, urn: r.urn });
    }
  }
  return {
    version: 1,
    apiUrl,
    stacks: states.map((s) => ({ name: s.name, project: s.project, source: s.source, resources: s.resources.length })),
    unmanaged,
    missing,
    ignored,
    notChecked,
    notDeclarable,
    export: null,
    drift: unmanaged.length > 0 || missing.length > 0,
  };
}

export const exitCodeOf = (report: AuditReport): number => (report.drift ? EXIT.drift : EXIT.clean);

/**
 * The part of the account `--export` writes: the unmanaged resources, nothing else (those that belong
 * in a parent's inline list too, as additions: `inlineAdditions`).
 */
export function unmanagedSnapshot(snapshot: AccountSnapshot, report: AuditReport): AccountSnapshot {
  const wanted = new Set(report.unmanaged.map((u) => u.id));
  const subset: AccountSnapshot = {};
  for (const kind of EXPORT_ORDER) {
    const objs = (snapshot[kind] ?? []).filter((obj) => wanted.has(providerId(kinds[kind], obj)));
    if (objs.length) subset[kind] = objs;
  }
  return subset;
}

/** The unmanaged children to add to a parent's inline list rather than declare. */
export function inlineAdditions(report: AuditReport): InlineAddition[] {
  return report.unmanaged.flatMap((u) =>
    u.inlineIn
      ? [{ kind: u.kind, id: u.id, parent: { kind: u.inlineIn.kind, id: u.inlineIn.id, stack: u.inlineIn.stack }, key: u.inlineIn.key }]
      : [],
  );
}

// --- printing ----------------------------------------------------------------------------------------

function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  return [header, ...rows].map((r) => `  ${r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]))).join("  ")}`.trimEnd());
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The report for people: one table for unmanaged, one for missing, then what was left out and why. */
export function formatReport(report: AuditReport, ignoreSource?: string): string {
  const lines: string[] = [];
  const stacks = report.stacks.map((s) => `${s.name} (${plural(s.resources, "resource")})`).join(", ");
  lines.push(`edge-ingress audit of ${report.apiUrl} against ${plural(report.stacks.length, "stack")}: ${stacks}`, "");
  if (report.unmanaged.length) {
    lines.push(`${report.unmanaged.length} unmanaged (in the account, in no given stack):`);
    lines.push(
      ...table(
        ["KIND", "ID", "DESCRIPTION"],
        report.unmanaged.map((u) => [u.kind, u.id, u.description]),
      ),
      "",
    );
  }
  for (const u of report.unmanaged.filter((x) => x.inlineIn)) {
    const p = u.inlineIn!;
    lines.push(
      `${u.kind} ${u.id} belongs to ${p.kind} ${p.id}, which stack ${p.stack} declares with inline \`${p.key}\`: to keep it, add it to that list (declared on its own, the parent's next up deletes it).`,
    );
  }
  if (report.unmanaged.some((x) => x.inlineIn)) lines.push("");
  if (report.missing.length) {
    lines.push(`${report.missing.length} missing (in a stack's state, gone from the account):`);
    lines.push(
      ...table(
        ["KIND", "ID", "STACK", "DESCRIPTION"],
        report.missing.map((m) => [m.kind, m.id, m.stack, m.description]),
      ),
      "",
    );
  }
  if (report.ignored.length) lines.push(`${report.ignored.length} ignored (by ${ignoreSource ?? "the ignore file"}).`);
  if (report.notChecked.length) {
    lines.push(`${plural(report.notChecked.length, "recorded resource")} not checked (not in this account, and maybe another's):`);
    lines.push(
      ...table(
        ["KIND", "ID", "STACK", "WHY"],
        report.notChecked.map((n) => [n.kind, n.id, n.stack, n.reason]),
      ),
    );
  }
  if (report.notDeclarable.length)
    lines.push(
      `${plural(report.notDeclarable.length, "resource")} no program declares (e.g. ${report.notDeclarable[0].kind} ${report.notDeclarable[0].id}: ${report.notDeclarable[0].reason}).`,
    );
  if (report.unmanaged.some((u) => u.kind === "ApiKey")) {
    lines.push(
      "The API cannot tell which key a request uses: if the key this audit runs with is listed above, add `ApiKey:<its id>` to the ignore file.",
    );
  }
  if (report.export && report.export.resources + report.export.inline === 0)
    lines.push(`Nothing unmanaged: nothing written to ${report.export.dir}.`);
  else if (report.export)
    lines.push(
      `Wrote ${report.export.dir}: ${plural(report.export.resources, "unmanaged resource")} declared with \`adopt\`` +
        `${report.export.inline ? `, ${plural(report.export.inline, "child", "children")} to add to a parent's inline list` : ""} (see its README.md).`,
    );
  lines.push(report.drift ? `Drift: ${report.unmanaged.length} unmanaged, ${report.missing.length} missing.` : "No drift.");
  return `${lines.join("\n")}\n`;
}
