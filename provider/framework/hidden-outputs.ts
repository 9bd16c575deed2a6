/**
 * Outputs of every kind that only the provider reads: the engine hides keys starting with `__` from
 * every display, and the resource classes do not expose them. Written at each create, update and
 * adopt, carried unchanged by refresh (refresh.ts, "Inputs after a refresh"). Here, apart from the
 * lifecycle, so the resource classes can name them without loading it.
 */
/** The declared input names (and `adopt`), sorted. */
export const DECLARED = "__declared";
/** Declared values the outputs spell otherwise; always stored as a secret, since it may hold secret inputs. */
export const SPELLED = "__spelled";
