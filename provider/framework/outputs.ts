/** Outputs: the API object as the state holds it, and what each write records of its declaration. */
import { isDeepStrictEqual } from "node:util";
import { inputKeys, type KindDeclaration } from "./kind";
import { DECLARED, SPELLED } from "./hidden-outputs";
import { keptOutputs } from "./children";
import { ADOPT, userInputs, type Props } from "./inputs";

/** Every output: the API object mapped to camelCase inputs and outputs, plus values shown only once. */
export function toOutputs(decl: KindDeclaration, obj: any, previous: Props = {}): Props {
  const mapped = { ...obj, ...moduleInputs(decl, obj), ...(decl.fromApi?.(obj) ?? {}) };
  for (const [key, form] of Object.entries(decl.inputForms ?? {})) if (mapped[key] != null) mapped[key] = form.toDeclaredForm(mapped[key]);
  const outs: Props = {};
  for (const key of [...inputKeys(decl), ...decl.outputs]) {
    let value = mapped[key];
    if (value == null && decl.keepFromState?.includes(key)) value = previous[key];
    outs[key] = value ?? null;
  }
  // Owned children are not in the parent's representation: kept until read or applied (children.ts).
  return decl.owns ? { ...outs, ...keptOutputs(decl, previous) } : outs;
}

/** Each module of `obj` in the request shape users declare (null when unset). */
function moduleInputs(decl: KindDeclaration, obj: any): Props {
  const out: Props = {};
  for (const [name, module] of Object.entries(decl.modules ?? {})) {
    const value = obj[name];
    out[name] = value == null ? null : module.toInput ? module.toInput(value) : value;
  }
  return out;
}

/** Outputs with what the write declared: its input names, and the values the outputs spell otherwise (refresh.ts, "Inputs after a refresh"). */
export function withDeclared(decl: KindDeclaration, outs: Props, inputs: Props): Props {
  const given = userInputs(inputs);
  const known = new Set([...inputKeys(decl), ADOPT]);
  const keys = Object.keys(given)
    .filter((k) => known.has(k))
    .sort();
  const spelled: Props = {};
  // Exactly as written (a null the outputs lack is a spelling too): the engine shows any difference.
  for (const key of keys) if (key === ADOPT || !isDeepStrictEqual(given[key], outs[key])) spelled[key] = given[key];
  const result: Props = { ...outs, [DECLARED]: keys };
  delete result[SPELLED];
  if (Object.keys(spelled).length) result[SPELLED] = spelled;
  return result;
}
