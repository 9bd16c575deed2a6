/**
 * Child fields that hold credentials (`OwnedChildren.secrets`): the resource class stores them apart
 * from the owned input, in a list of their own (one item per child, in the same order) that is secret
 * as a whole, so the owned input stays plain and a child made by hand is named with its fields in a
 * preview. The lifecycle works on the children whole: `joinSecrets` when props come in, `splitSecrets`
 * when they go out.
 */
import type { Props } from "./children-set";
import type { KindDeclaration } from "./kind";

const isObject = (v: unknown): v is Props => v !== null && typeof v === "object" && !Array.isArray(v);

/** Props with each owned input's secret fields put back into its children (and their own key gone). */
export function joinSecrets(decl: KindDeclaration, props: Props): Props {
  const owned = Object.entries(decl.owns ?? {}).filter(([, o]) => o.secrets);
  if (!owned.length || !props) return props;
  const out: Props = { ...props };
  for (const [key, { secrets }] of owned) {
    const { output, fields } = secrets!;
    const apart = out[output];
    delete out[output];
    if (!Array.isArray(out[key])) continue;
    out[key] = out[key].map((child: unknown, i: number) => {
      if (!isObject(child)) return child;
      const own = Array.isArray(apart) ? apart[i] : apart;
      // Not known yet (a preview): every secret field of the child is unknown too.
      if (own !== undefined && own !== null && !isObject(own)) return { ...child, ...Object.fromEntries(fields.map((f) => [f, own])) };
      return { ...child, ...(isObject(own) ? Object.fromEntries(fields.filter((f) => own[f] !== undefined).map((f) => [f, own[f]])) : {}) };
    });
  }
  return out;
}

/** Props with each owned input's secret fields moved out of its children into their own key (null when the input is). */
export function splitSecrets(decl: KindDeclaration, props: Props): Props {
  const owned = Object.entries(decl.owns ?? {}).filter(([, o]) => o.secrets);
  if (!owned.length || !props) return props;
  const out: Props = { ...props };
  for (const [key, { secrets }] of owned) {
    const { output, fields } = secrets!;
    const children = out[key];
    if (!Array.isArray(children)) {
      if (key in out) out[output] = null;
      else delete out[output];
      continue;
    }
    const secret = new Set(fields);
    out[key] = children.map((c: unknown) => (isObject(c) ? Object.fromEntries(Object.entries(c).filter(([f]) => !secret.has(f))) : c));
    out[output] = children.map((c: unknown) =>
      isObject(c) ? Object.fromEntries(fields.filter((f) => c[f] !== undefined).map((f) => [f, c[f]])) : {},
    );
  }
  return out;
}
