/**
 * `edge-ingress review`: the short answer to "what does this preview change?". It reads the JSON of
 * `pulumi preview --json` (with or without `--refresh`) and prints one line per changed field,
 * `resource  field: old ⇒ new`, children by their own key, unchanged children counted, secrets
 * masked; as text or as markdown for a pull-request comment. Reading the preview is
 * ./review-preview.ts, comparing fields ./review-diff.ts (both pure).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
import type { CliIo } from "./io";
import { ReviewInputError, reviewPreview, type Entry, type Review } from "./review-preview";
import type { FieldChange } from "./review-diff";

export * from "./review-diff";
export * from "./review-preview";

/** The exit codes: a gate tells drift from a change by them. */
export const EXIT = { clean: 0, error: 1, changes: 2, drift: 3 } as const;

export const USAGE = `Usage: edge-ingress review [--format text|markdown] [<file>]

Reads the JSON of \`pulumi preview --json\` (with or without --refresh) from <file>, or stdin when no
file or "-" is given, and prints each changed field as \`resource  field: old ⇒ new\`: children by their
own key (a rule by its CIDR, a route by its match), unchanged children counted, secrets masked. With
--refresh, a field whose value in the account differs from what the stack recorded is drift (shown as
account ⇒ program: up would set it back); any other is a change the program makes.

Options:
  --format <f>  text (the default) or markdown (for a pull-request comment)

Exit: 0 no change, 1 error (unreadable input, a failed preview), 2 changes (none of them drift),
3 drift (the account differs from the stack; it wins over 2).`;

const OPTIONS = { format: { type: "string" }, help: { type: "boolean", short: "h" } } as const;

const SYMBOL: Record<Entry["action"], string> = { create: "+", update: "~", replace: "+-", delete: "-", import: "=" };

/** The exit code of a review: drift first (a gate must not pass it because the program changes something too). */
export function exitCodeOf(review: Review): number {
  if (review.errors.length) return EXIT.error;
  if (review.entries.some((e) => e.gone || e.drift.length)) return EXIT.drift;
  return review.entries.length ? EXIT.changes : EXIT.clean;
}

/** One printed row: the entry's symbol and resource, then a field, a count or a note. */
interface Row {
  symbol: string;
  resource: string;
  field?: FieldChange;
  text?: string;
}

/** The rows of one section: drift (`drift`) or the program's changes. */
function rowsOf(entries: readonly Entry[], drift: boolean): Row[] {
  const rows: Row[] = [];
  for (const e of entries) {
    const base = { symbol: SYMBOL[e.action], resource: e.resource };
    const fields = drift ? e.drift : e.changes;
    if (e.gone) {
      if (drift) rows.push({ ...base, text: e.note });
      continue;
    }
    if (!drift && (e.action === "create" || e.action === "import" || e.action === "delete")) {
      rows.push({ ...base, text: e.note ?? e.action });
      continue;
    }
    if (!drift && !e.drift.length && !e.changes.length) rows.push({ ...base, text: `${e.action} (no field it can show differs)` });
    for (const field of fields) rows.push({ ...base, field });
    // Counted where the entry's fields are shown: with the drift when it has any, else with the changes.
    if (fields.length && drift === e.drift.length > 0)
      for (const u of e.unchanged) rows.push({ ...base, text: `${u.path}: ${u.count} unchanged` });
  }
  return rows;
}

const SECTIONS = [
  { drift: true, title: "Drift", says: "the account differs from what the stack recorded (account ⇒ program: `pulumi up` sets it back)" },
  { drift: false, title: "Changes", says: "the program changes the account (state ⇒ program)" },
] as const;

function summary(review: Review): string {
  const drift = review.entries.filter((e) => e.gone || e.drift.length).length;
  const changes = review.entries.filter((e) => e.changes.length || (!e.gone && !e.drift.length)).length;
  if (!review.entries.length) return `no changes${review.refreshed ? "" : " (without --refresh: drift not looked for)"}`;
  return [
    drift ? `${drift} resource${drift > 1 ? "s" : ""} drifted` : "",
    changes ? `${changes} resource${changes > 1 ? "s" : ""} changed` : "",
  ]
    .filter(Boolean)
    .join(", ");
}

/** The review as text: a section per kind of change, one line per field. */
export function formatText(review: Review): string {
  const out = [`edge-ingress review: ${summary(review)}`];
  for (const section of SECTIONS) {
    const rows = rowsOf(review.entries, section.drift);
    if (!rows.length) continue;
    out.push(`${section.title}: ${section.says}`);
    for (const r of rows)
      out.push(`${r.symbol.padEnd(2)} ${r.resource}  ${r.field ? `${r.field.path}: ${r.field.old} ⇒ ${r.field.new}` : r.text}`);
  }
  return `${out.join("\n")}\n`;
}

/** Inline code in a table cell: no backtick inside, `|` escaped. */
const code = (text: string) => `\`${text.replace(/`/g, "'").replace(/\|/g, "\\|")}\``;

/** The review as markdown for a pull-request comment: a table per section. */
export function formatMarkdown(review: Review): string {
  const out = [`### edge-ingress review: ${summary(review)}`];
  for (const section of SECTIONS) {
    const rows = rowsOf(review.entries, section.drift);
    if (!rows.length) continue;
    out.push("", `**${section.title}**: ${section.says}`, "", "| | resource | field | old ⇒ new |", "|---|---|---|---|");
    for (const r of rows) {
      const change = r.field ? [code(r.field.path), `${code(r.field.old)} ⇒ ${code(r.field.new)}`] : [code(r.text!), ""];
      out.push(`| ${r.symbol} | ${code(r.resource)} | ${change.join(" | ")} |`);
    }
  }
  return `${out.join("\n")}\n`;
}

/** The input: the file named, or stdin. */
function readInput(file: string | undefined, io: CliIo): string {
  const source = file === undefined || file === "-" ? 0 : path.resolve(io.cwd, file);
  try {
    return fs.readFileSync(source, "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new ReviewInputError(`${file ?? "stdin"}: ${code === "ENOENT" ? "no such file" : (e as Error).message}`);
  }
}

/** The whole command: returns the exit code; every message goes through `io`. */
export async function runReview(argv: string[], io: CliIo): Promise<number> {
  const fail = (message: string, usage = false): number => {
    io.stderr(`edge-ingress review: ${message}\n${usage ? `\n${USAGE}\n` : ""}`);
    return EXIT.error;
  };
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: true });
  } catch (e) {
    return fail((e as Error).message, true);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout(`${USAGE}\n`);
    return EXIT.clean;
  }
  const format = values.format ?? "text";
  if (format !== "text" && format !== "markdown") return fail(`--format must be text or markdown, got ${JSON.stringify(format)}`, true);
  if (positionals.length > 1) return fail(`one file at most, got ${positionals.length}`, true);
  let review: Review;
  try {
    review = reviewPreview(readInput(positionals[0], io));
  } catch (e) {
    if (e instanceof ReviewInputError) return fail(e.message);
    throw e;
  }
  if (review.errors.length) {
    return fail(`the preview failed:\n${review.errors.map((m) => `  ${m.replace(/\n/g, "\n  ")}`).join("\n")}`);
  }
  io.stdout(format === "markdown" ? formatMarkdown(review) : formatText(review));
  return exitCodeOf(review);
}
