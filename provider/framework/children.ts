/**
 * Children a resource owns as a whole set (`KindDeclaration.owns`; docs/provider.md, "Owning a parent's
 * children"): an IP policy's inline `rules`, an event subscription's `sources`, an HTTPS edge's
 * `routes`. Declared in one input of the parent, they are made after the parent, read from the
 * children's list (or the parent's representation) at refresh, so a child made by hand shows as a
 * change of that input, with its fields, and applied one child at a time by update: new ones made,
 * changed ones updated as their own kind updates (modules in fail-closed order) or replaced where a
 * field cannot change, undeclared ones deleted. An input left undefined claims nothing: nothing about
 * the children is read or written, and nothing is ever deleted.
 *
 * One file a concern: what a child is in its set and how sets compare (children-set.ts), reading them
 * (children-read.ts), applying them (children-apply.ts), and their secret fields (children-secrets.ts).
 */

export { OwnedPartialError, applyOwned } from "./children-apply";
export { readClaimed, readOwned } from "./children-read";
export { joinSecrets, splitSecrets } from "./children-secrets";
export {
  childChanges,
  childFields,
  childObject,
  keptOutputs,
  keyOf,
  ownedChanged,
  ownedListSchema,
  pairChildren,
  type ChildOps,
  type ChildRules,
} from "./children-set";
