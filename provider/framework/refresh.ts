/** Refresh: the resource as the service has it, and the inputs that tell the next preview what drifted. */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { NotFoundError } from "../../sdk/core/errors";
import type { EdgeIngress } from "../../sdk/client";
import { SERVER_CHOSEN, Within, inputKeys, type KindDeclaration, type OwnedChildren } from "./kind";
import { fieldTypesOf, normalise, sameMeaning, sameNormal } from "./normalise";
import { DECLARED, SPELLED } from "./hidden-outputs";
import { GONE, readResource } from "./page-reads";
import { childFields, ownedChanged, pairChildren, readOwned, splitSecrets, joinSecrets } from "./children";
import { ADOPT, defaultOf, effective, isPlainObject, withDefaults, type Props } from "./inputs";
import { toOutputs } from "./outputs";
import { CHILD_RULES } from "./diff";

/*
 * Inputs after a refresh (docs/provider.md, "Drift"). The engine keeps the inputs `read` returns for the
 * next preview, whose `--diff` then shows `field: <service's value> => <declared value>`; without them
 * it keeps the inputs of the last write, and an update after drift names no field. `read` sees only the
 * outputs, which hold every input key (omitted ones as the service's defaults): returning all of them
 * would show each undeclared default as removed. So each write records, in outputs the engine hides from
 * every display (a `__` key), which inputs were declared and, where the outputs spell a value otherwise
 * (a partial module, a CIDR in another case, a list form, `adopt`, which is no output), its declared
 * spelling (hidden-outputs.ts). State without them (written before, or by `Kind.get`) gets no inputs,
 * as before.
 */

/**
 * The inputs a refresh gives the engine, or undefined when the state does not record what was
 * declared. Per input: a declared one whose service value means the same as the declaration (§ "How
 * values compare") is the declaration as written, so nothing shows where nothing drifted; one that
 * drifted is the service's value, shaped like the declaration (`asDeclared`). An undeclared one is
 * left out unless the service's value differs from the default the program implies (a description or
 * a module added by hand, which the next update removes), and then it is the service's value.
 * Secret inputs (a kind's `secretInputs`): given back only as declared, in plaintext, and the engine
 * marks each secret again by its name, as the stored input of that name was. One that drifted is left
 * out: the CLI masks both sides of a secret as `[secret]` before comparing them, so the service's value
 * would show no change at all, while a missing one shows as `+ oauth: [secret]`; and the service's
 * secret never enters the inputs. An undeclared one is left out too: with no secret stored input of
 * its name, it would be stored in plaintext. `adopt` is given back as declared; the connection is
 * added by the runtime entry.
 */
export function refreshedInputs(decl: KindDeclaration, outs: Props, props: Props): Props | undefined {
  const declaredKeys = props[DECLARED];
  if (!Array.isArray(declaredKeys)) return undefined;
  const spelled: Props = isPlainObject(props[SPELLED]) ? props[SPELLED] : {};
  const declared = new Set<string>(declaredKeys);
  const secret = new Set(decl.secretInputs ?? []);
  const inputs: Props = {};
  if (declared.has(ADOPT) && spelled[ADOPT] !== undefined) inputs[ADOPT] = spelled[ADOPT];
  for (const key of inputKeys(decl)) {
    const isDeclared = declared.has(key);
    // Not in SPELLED: declared as the outputs of the last write held it.
    const given = isDeclared ? (key in spelled ? spelled[key] : props[key]) : undefined;
    const owned = decl.owns?.[key];
    if (owned) {
      // Owned children (children.ts) compare as a set: the service's list, each child as declared where one is.
      if (!isDeclared || !ownedChanged(owned, CHILD_RULES, given, outs[key])) {
        if (isDeclared) inputs[key] = given;
        continue;
      }
      inputs[key] = Array.isArray(outs[key]) ? refreshedChildren(owned, outs[key], given) : outs[key];
      continue;
    }
    const value = refreshedValue(decl, key, outs, given, isDeclared);
    if (value === KEEP) {
      if (isDeclared) inputs[key] = given;
      continue;
    }
    if (secret.has(key)) continue;
    inputs[key] = value;
  }
  return inputs;
}

const KEEP = Symbol("keep");

/** One input after a refresh: KEEP where the service's value means what was declared (or implied), else that value shaped as declared. */
function refreshedValue(decl: KindDeclaration, key: string, outs: Props, given: unknown, isDeclared: boolean): unknown {
  const next = effective(decl, { [key]: isDeclared ? given : undefined }, key);
  if (next === SERVER_CHOSEN || sameMeaning(decl, key, next, effective(decl, outs, key))) return KEEP;
  return asDeclared(decl, key, outs[key], isDeclared ? given : undefined);
}

/**
 * An owned input that drifted, after a refresh: the service's children, each one shaped by its kind's
 * rules as its declaration (the same child by key), so `--diff` names the fields that differ
 * (`~ routes[1].description`), and one made by hand with the fields it sets beyond the defaults.
 * Secret fields are shown the same way: they are in a secret input of their own (`secrets`).
 */
function refreshedChildren(owned: OwnedChildren, now: unknown[], given: unknown): unknown[] {
  return pairChildren(owned, given, now).map(([held, declared]) => {
    if (owned.scalar || held === null || typeof held !== "object") return declared ?? held;
    const decl: Props = declared !== null && typeof declared === "object" ? (declared as Props) : {};
    const out: Props = {};
    for (const field of childFields(owned)) {
      const isDeclared = decl[field] !== undefined;
      const value = refreshedValue(owned.decl, field, held as Props, decl[field], isDeclared);
      if (value !== KEEP) out[field] = value;
      else if (isDeclared) out[field] = decl[field];
    }
    return out;
  });
}

/**
 * The service's value of input `key` (which differs from `given`, the declaration) in the declaration's
 * shape: in the form it was declared in (the wire's map for a weighted backend declared as a map), and
 * for an object (a module), the declared keys with the declared spelling where they mean the same,
 * and the keys the declaration leaves out only where the service's value is not the default, so that
 * `--diff` names the fields that differ and not every default the service fills in.
 */
function asDeclared(decl: KindDeclaration, key: string, now: unknown, given: unknown): unknown {
  const form = decl.inputForms?.[key];
  if (form && given != null && !form.isDeclared(given) && now != null) return form.toServiceForm(now);
  return shape(fieldTypesOf(decl), [key], now, given, defaultOf(decl, key));
}

function shape(types: ReturnType<typeof fieldTypesOf>, path: string[], now: unknown, given: unknown, fallback: unknown): unknown {
  if (!isPlainObject(now) || (given != null && !isPlainObject(given))) return now;
  const base: Props = isPlainObject(given) ? given : {};
  const defaults = fallback instanceof Within ? fallback.for(now) : {};
  const out: Props = {};
  for (const [k, value] of Object.entries(now)) {
    const at = [...path, k];
    const inner = defaults[k];
    if (base[k] !== undefined) {
      const wanted = withDefaults(base[k], inner);
      const same = wanted === SERVER_CHOSEN || sameNormal(normalise(wanted, types, at), normalise(value, types, at, true));
      out[k] = same ? base[k] : shape(types, at, value, base[k], inner);
    } else if (value != null && inner !== SERVER_CHOSEN) {
      const implied = withDefaults(undefined, inner);
      if (implied !== undefined && sameNormal(normalise(implied, types, at), normalise(value, types, at, true))) continue;
      out[k] = shape(types, at, value, undefined, inner);
    }
  }
  return out;
}

/** The resource as the service has it; from the kind's pages where that is cheaper (page-reads.ts). */
export async function read(decl: KindDeclaration, client: EdgeIngress, id: string, stored: Props = {}): Promise<dynamic.ReadResult> {
  const props = joinSecrets(decl, stored);
  try {
    const obj = await readResource(decl, client, id, props);
    if (obj === GONE) return {}; // absent from the complete list, as a 404 would say
    const outs = toOutputs(decl, obj, props);
    // Children of a set the stack owns, read from their list: one made by hand is drift.
    const all = decl.owns ? { ...outs, ...(await readOwned(decl, CHILD_RULES, client, obj.id, outs, obj)) } : outs;
    // What was recorded at the last write stays as it is: a refresh learns nothing about declarations.
    for (const key of [DECLARED, SPELLED]) if (props[key] != null) all[key] = props[key];
    const inputs = refreshedInputs(decl, all, props);
    const split = splitSecrets(decl, all);
    return inputs ? { id: obj.id, props: split, inputs: splitSecrets(decl, inputs) } : { id: obj.id, props: split };
  } catch (e) {
    if (e instanceof NotFoundError) return {}; // gone: the engine drops it from state
    throw e;
  }
}
