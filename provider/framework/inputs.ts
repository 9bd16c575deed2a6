/** What every phase of the lifecycle reads of the inputs: the user's, their effective values, the request's. */
import { SERVER_CHOSEN, Within, type KindDeclaration } from "./kind";
import { PROVIDER_KEY } from "./provider-factory";
import { splitSecrets } from "./children";

export type Props = Record<string, any>;

/** The user's inputs without the engine's `__provider` and without undefined values. */
export function userInputs(props: Props): Props {
  const out: Props = {};
  for (const [k, v] of Object.entries(props ?? {})) {
    if (k !== PROVIDER_KEY && v !== undefined) out[k] = v;
  }
  return out;
}

export const defaultOf = (decl: KindDeclaration, key: string): unknown =>
  key in decl.defaults ? decl.defaults[key] : decl.modules?.[key]?.defaults;

/** An input's effective value: what was given, else the service's default (SERVER_CHOSEN if it picks). */
export function effective(decl: KindDeclaration, props: Props, key: string): unknown {
  return withDefaults(props[key], defaultOf(decl, key));
}

/** Null is unset: an explicit null takes the default, as an omitted value does (§2.1, §2.3). */
export function withDefaults(value: unknown, fallback: unknown): unknown {
  if (value == null) return fallback instanceof Within ? undefined : fallback;
  if (!(fallback instanceof Within) || value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const filled: Props = { ...value };
  for (const [key, inner] of Object.entries(fallback.for(filled))) {
    const v = withDefaults(filled[key], inner);
    if (v !== undefined) filled[key] = v;
  }
  return filled;
}

/** An input in the service's form (a declared list → the service's map); other inputs as they are. */
export function inServiceForm(decl: KindDeclaration, key: string, value: unknown): unknown {
  const form = decl.inputForms?.[key];
  return form && value != null ? form.toServiceForm(value) : value;
}

/** What to send for an input: the user's value as given (the service fills its own defaults), the
 *  default of an omitted plain field (removing a description clears it), or null for an omitted
 *  optional object (removing a certificate policy unsets it). */
export function requestValue(decl: KindDeclaration, props: Props, key: string): unknown {
  if (props[key] !== undefined) return inServiceForm(decl, key, props[key]);
  const fallback = defaultOf(decl, key);
  if (fallback instanceof Within) return null;
  return fallback === SERVER_CHOSEN ? undefined : fallback;
}

/** A provider-level input of every kind: the id of an existing resource to take over instead of creating one. */
export const ADOPT = "adopt";

export const isPlainObject = (v: unknown): v is Props => v !== null && typeof v === "object" && !Array.isArray(v);

/** An error the engine records as partial state, so what the service made is not orphaned. */
export class PartialStateError extends Error {
  constructor(
    message: string,
    readonly id: string,
    public properties: Props,
    readonly reasons: string[] = [message],
  ) {
    super(message);
    this.name = "PartialStateError";
  }
}

/** Runs `work` with partial state recorded as the resource class stores it (owned secret fields apart). */
export async function apart<T>(decl: KindDeclaration, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof PartialStateError) e.properties = splitSecrets(decl, e.properties);
    throw e;
  }
}
