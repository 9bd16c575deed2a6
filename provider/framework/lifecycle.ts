/**
 * The generic lifecycle every kind runs (docs/provider.md), one file per phase: check, diff, outputs
 * and refresh, create (with adopt and lost answers), update (with modules), delete.
 */
export { ADOPT, PartialStateError } from "./inputs";
export { check } from "./check";
export { CHILD_RULES, diff } from "./diff";
export { toOutputs } from "./outputs";
export { read, refreshedInputs } from "./refresh";
export { create } from "./create";
export { update } from "./update";
export { remove } from "./remove";
