/** Diff: which declared inputs differ in meaning from what the state holds, and which of them replace. */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { SERVER_CHOSEN, immutableKeys, inputKeys, type KindDeclaration } from "./kind";
import { sameMeaning } from "./normalise";
import { containsUnknown } from "./values";
import { joinSecrets, ownedChanged, type ChildRules } from "./children";
import { effective, type Props } from "./inputs";
import { toOutputs } from "./outputs";
import { DECLARED } from "./hidden-outputs";

/** The state records which inputs were declared, and `key` is not among them. */
const undeclared = (olds: Props, key: string): boolean => Array.isArray(olds[DECLARED]) && !olds[DECLARED].includes(key);

/**
 * Input keys whose effective value differs in meaning between stored outputs and new inputs (see
 * normalise.ts); an omitted service-chosen value, at any depth, matches what the service chose.
 */
export function changedKeys(decl: KindDeclaration, olds: Props, news: Props): string[] {
  return inputKeys(decl).filter((key) => {
    const next = effective(decl, news, key);
    if (next === SERVER_CHOSEN) return false; // omitted, the service keeps what it chose
    // A value the service never shows that the state never held (an import's): taken as declared, as adopting takes it.
    if (decl.keepFromState?.includes(key) && olds[key] == null && undeclared(olds, key)) return false;
    if (containsUnknown(next)) return true;
    const owned = decl.owns?.[key];
    // Children the state holds but never declared (an import's view of them): leaving them out is no change.
    if (owned) return !(next == null && undeclared(olds, key)) && ownedChanged(owned, CHILD_RULES, next, olds[key]);
    return !sameMeaning(decl, key, next, effective(decl, olds, key));
  });
}

export function diff(decl: KindDeclaration, _id: string, olds: Props, news: Props): dynamic.DiffResult {
  const changed = changedKeys(decl, joinSecrets(decl, olds), joinSecrets(decl, news));
  const immutable = new Set(immutableKeys(decl));
  const replaces = changed.filter((k) => immutable.has(k));
  // A kind with account-unique fields replaces by deleting first: the new one could collide with the
  // old (same value) or with another resource taking the old value in the same update (a swap).
  const deleteBeforeReplace = replaces.length > 0 && (decl.unique ?? []).length > 0;
  return { changes: changed.length > 0, replaces, deleteBeforeReplace };
}

/** Children compare and read by the rules of their own kind, as a standalone resource of it would. */
export const CHILD_RULES: ChildRules = {
  outputs: (decl, obj) => toOutputs(decl, obj),
  changed: (decl, stored, declared) => changedKeys(decl, stored, declared),
};
