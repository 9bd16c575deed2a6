/**
 * The per-kind reference (docs/reference.md), rendered from the kind declarations themselves so docs
 * and code cannot disagree; a test compares the committed file with this rendering.
 */
import { z } from "zod";
import { idFormOf } from "../provider/framework/ids";
import { SERVER_CHOSEN, Within, immutableKeys, inputKeys, type KindDeclaration, type OwnedChildren } from "../provider/framework/kind";
import { childFields } from "../provider/framework/children";
import { kinds } from "../provider/kinds";
import { renderLanguageNames, renderPaths } from "./reference-languages";

const code = (s: string) => `\`${s}\``;

function describeDefault(value: unknown): string {
  if (value === undefined) return "";
  if (value === SERVER_CHOSEN) return "chosen by the service";
  if (value instanceof Within) {
    const fixed = typeof value.defaults === "function" ? value.defaults({}) : value.defaults;
    const entries = Object.entries(fixed).filter(([, v]) => !(v instanceof Within));
    const parts = entries.filter(([, v]) => v !== SERVER_CHOSEN).map(([k, v]) => `${k} ${JSON.stringify(v)}`);
    const chosen = entries.filter(([, v]) => v === SERVER_CHOSEN).map(([k]) => k);
    const text = [parts.length ? `when set: ${parts.join(", ")}` : "", chosen.length ? `chosen by the service: ${chosen.join(", ")}` : ""];
    return text.filter(Boolean).join("; ");
  }
  return code(JSON.stringify(value));
}

/** An owned input: its items' fields and what owning means. */
function ownedNote(owned: OwnedChildren): string {
  const fields = childFields(owned).map(code).join(", ");
  const items = owned.scalar ? `${owned.decl.name}s as their ${code(owned.key)}s` : `${owned.decl.name}s (${fields})`;
  const key = [...(owned.keyWith ?? []), owned.key].map(code).join(" and ");
  const apart = owned.secrets
    ? `; ${owned.secrets.fields.map(code).join(", ")} stored apart in ${code(owned.secrets.output)} (secret)`
    : "";
  return `a list of ${items}, one per ${key}${apart}; declared, the stack owns every ${owned.decl.name} of the resource and deletes undeclared ones, left out it touches none ([provider.md](provider.md#owning-a-parents-children))`;
}

function required(schema: z.ZodObject<any>, key: string): boolean {
  return !schema.shape[key].safeParse(undefined).success;
}

export function renderKind(decl: KindDeclaration): string {
  const immutable = new Set(immutableKeys(decl));
  const apart = Object.values(decl.owns ?? {}).flatMap((owned) => (owned.secrets ? [owned.secrets.output] : []));
  const secret = new Set([...(decl.secretInputs ?? []), ...(decl.secretOutputs ?? []), ...apart]);
  const rows = inputKeys(decl).map((key) => {
    const notes = [
      required(decl.createSchema, key) ? "required" : "optional",
      decl.modules?.[key] ? `module${decl.modules[key].guard ? " (guards access)" : ""}` : "",
      decl.owns?.[key] ? ownedNote(decl.owns[key]) : "",
      immutable.has(key) ? "replace on change" : "",
      decl.unique?.includes(key) ? "unique (replace deletes first)" : "",
      secret.has(key) ? "secret" : "",
      decl.keepFromState?.includes(key) ? "write-only (kept from the program)" : "",
    ].filter(Boolean);
    const fallback = describeDefault(key in decl.defaults ? decl.defaults[key] : decl.modules?.[key]?.defaults);
    return `| ${code(key)} | ${notes.join("; ")} | ${fallback} |`;
  });
  const outputs = decl.outputs.map((key) => code(key) + (secret.has(key) ? " (secret)" : "")).join(", ");
  return [
    `## ${decl.name}`,
    "",
    // Section numbers of the API text mean nothing to readers of the package: only say what is an extension.
    `Type ${code(`pulumi-nodejs:dynamic/edgeingress:${decl.name}`)} (TypeScript), ${code(`edgeingress:index:${decl.name}`)} (native provider).${decl.section.includes("extension") ? " Uses an extension of the API ([api-choices.md](api-choices.md#extensions))." : ""}`,
    "",
    "| input | rules | service default |",
    "|---|---|---|",
    ...rows,
    `| ${code("adopt")} | TypeScript only (native: the ${code("import")} resource option); optional; the id (${code(idFormOf(decl).shown)}) of an existing resource to take over; read at creation only | |`,
    "",
    `Outputs: every input as the service reports it, and ${outputs}.`,
    "",
  ].join("\n");
}

export function renderReference(): string {
  return [
    "# Resource reference",
    "",
    "Generated from the kind declarations in `provider/kinds/` by `npm run generate`; a test keeps it current.",
    "Field rules (lengths, formats, enums) are the sdk's request schemas, checked at preview time.",
    "",
    renderLanguageNames(),
    renderPaths(),
    ...Object.values(kinds).map(renderKind),
  ].join("\n");
}
