/**
 * The kind tables as the tests read them: every shared per-kind test table is checked against these
 * (a new kind without a row fails the suite, naming the kind), and what can be derived from them is.
 * Kinds come only from the provider's table (`../../provider/kinds`).
 */
import type { EdgeIngress } from "../../sdk";
import { providerId } from "../../provider/framework/ids";
import type { KindDeclaration } from "../../provider/framework/kind";
import { kinds } from "../../provider/kinds";

/** Every kind of the provider, by type name, in the table's order. */
export const KIND_NAMES: readonly string[] = Object.keys(kinds);

/**
 * What a table keyed by kind name lacks or has too many of: one line per kind without a row and per
 * row naming no kind. Empty when the table has exactly the kinds (`except` may be left out, by name).
 */
export function rowProblems(table: string, rows: Iterable<string>, except: readonly string[] = []): string[] {
  const named = new Set(rows);
  return [
    ...KIND_NAMES.filter((k) => !named.has(k) && !except.includes(k)).map((k) => `${table}: no row for the kind ${k}`),
    ...[...named].filter((k) => !KIND_NAMES.includes(k)).map((k) => `${table}: a row for ${k}, which is no kind`),
  ];
}

/**
 * Every resource of the kind in the account, as the provider names it (a nested kind's composite id):
 * a kind without an account-wide list is listed within each resource of its parent kind.
 */
export async function listAccount(client: EdgeIngress, decl: KindDeclaration): Promise<Array<Record<string, any>>> {
  const api = decl.api(client);
  if (api.list) return (await api.list().toArray()) as Array<Record<string, any>>;
  const nested = decl.parent?.nested;
  if (!decl.parent || !nested) throw new Error(`${decl.name} has no list of its own and no parent to list it in`);
  const out: Array<Record<string, any>> = [];
  for (const parent of await listAccount(client, kinds[decl.parent.kind])) {
    for (const child of await nested.listIn(client, parent)) {
      const keyed = { ...child, [decl.parent.key]: parent.id };
      out.push({ ...keyed, id: providerId(decl, keyed) });
    }
  }
  return out;
}
