/**
 * What a shipped document sends its reader to: relative markdown links (resolved from the document's
 * folder) and backticked paths into what the package ships (`examples/gitops`, `docs/audit.md`, taken
 * from the package's root). Paths into sources and tests (`test/e2e/…`, `sdk/…`) are the repository's,
 * named for contributors, and not counted. Anchors and queries are dropped; a trailing `/` means a folder.
 */
import * as path from "node:path";

/** Top-level entries of the package whose paths a doc may name in backticks. */
const SHIPPED_ROOTS = /^(?:docs|examples)\/|^(?:README\.md|CHANGELOG\.md|CONTRIBUTING\.md|LICENSE)$/;

export function docTargets(doc: string, text: string): string[] {
  const dir = path.posix.dirname(doc);
  const targets = new Set<string>();
  // Fenced code is an example, not a reference.
  const prose = text.replace(/^```[^\n]*\n[\s\S]*?^```[^\n]*$/gm, "");
  for (const [, raw] of prose.matchAll(/\]\(<?([^)\s>]+)>?(?:\s+"[^"]*")?\)/g)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(raw) || raw.startsWith("#")) continue;
    const target = raw.replace(/[#?].*$/, "");
    targets.add(path.posix.normalize(path.posix.join(dir, decodeURI(target))).replace(/\/$/, ""));
  }
  for (const [, raw] of prose.matchAll(/`([^`\s]+)`/g)) {
    const target = raw.replace(/[#?].*$/, "").replace(/[.,:;]+$/, "");
    if (!SHIPPED_ROOTS.test(target) || /[*<>…{}$]/.test(target)) continue;
    targets.add(path.posix.normalize(target).replace(/\/$/, ""));
  }
  return [...targets].sort();
}

/** The targets among `targets` that are neither a file nor a folder of `files` (paths from the package root). */
export function missingTargets(targets: readonly string[], files: readonly string[]): string[] {
  const folders = new Set(
    files.flatMap((f) =>
      f
        .split("/")
        .slice(0, -1)
        .map((_, i, parts) => parts.slice(0, i + 1).join("/")),
    ),
  );
  return targets.filter((t) => t !== "." && !files.includes(t) && !folders.has(t));
}
