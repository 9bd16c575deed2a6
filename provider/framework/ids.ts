/**
 * Ids as the provider sees them. A kind's own ids have a form (§2.1), checked at preview for `adopt`, so
 * an id of another kind, or a typo, fails there instead of at `up`. A kind addressed through its parent
 * (a route on its edge, a source in its subscription) has composite ids: `<parent id>/<own part>`.
 */
import * as fields from "../../sdk/core/fields";
import type { IdForm, KindDeclaration } from "./kind";

/** An id with this prefix (the sdk's `<resource>IdPrefix`) and an opaque suffix, by the sdk's rule. */
export function prefixed(prefix: string): IdForm {
  const schema = fields.idWithPrefix(prefix);
  return { shown: `${prefix}…`, test: (id) => schema.safeParse(id).success };
}

/** `<parent id>/<own part>`: the one place that builds and splits composite ids. */
export const compositeId = {
  join: (parentId: string, own: string): string => `${parentId}/${own}`,
  split(id: string): [parentId: string, own: string] {
    const at = id.indexOf("/");
    return [id.slice(0, at), id.slice(at + 1)];
  },
  form: (parent: IdForm, own: IdForm): IdForm => ({
    shown: `${parent.shown}/${own.shown}`,
    test: (id) => {
      const at = id.indexOf("/");
      return at > 0 && parent.test(id.slice(0, at)) && own.test(id.slice(at + 1));
    },
  }),
};

/** The form of the ids the provider uses for this kind (composite for nested kinds). */
export function idFormOf(decl: KindDeclaration): IdForm {
  const parent = decl.parent;
  return parent?.nested ? compositeId.form(parent.idForm, decl.idForm) : decl.idForm;
}

/** The provider's id of an object as the sdk lists it (a nested one carries its parent's id). */
export function providerId(decl: KindDeclaration, obj: Record<string, any>): string {
  const parent = decl.parent;
  return parent?.nested ? compositeId.join(obj[parent.key], obj[parent.nested.own]) : obj.id;
}
