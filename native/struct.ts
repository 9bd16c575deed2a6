/**
 * Property values between the protocol's `google.protobuf.Struct` and plain JS values. Secrets travel
 * as Pulumi's signature objects (`{ "4dabf…": "1b47…", value }`); the lifecycle sees plain values, and
 * which top-level properties held a secret is kept, so they are marked secret again on the way out.
 * Unknown values (a preview) are the engine's unknown string, the lifecycle's `UNKNOWN` as it is.
 */
import { Struct } from "google-protobuf/google/protobuf/struct_pb";

type Props = Record<string, any>;

/** Pulumi's signature key and its value for a secret (sdk/go/common/resource/sig). */
export const SIG_KEY = "4dabf18193072939515e22adb298388d";
export const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

const isSecret = (v: unknown): v is { value: unknown } =>
  v !== null && typeof v === "object" && !Array.isArray(v) && (v as Props)[SIG_KEY] === SECRET_SIG;

/** A value with every secret wrapper removed, and whether it held one. */
function reveal(value: unknown): [unknown, boolean] {
  if (isSecret(value)) return [reveal(value.value)[0], true];
  if (Array.isArray(value)) {
    let secret = false;
    const items = value.map((item) => {
      const [v, s] = reveal(item);
      secret ||= s;
      return v;
    });
    return [items, secret];
  }
  if (value !== null && typeof value === "object") {
    let secret = false;
    const out: Props = {};
    for (const [k, item] of Object.entries(value)) {
      const [v, s] = reveal(item);
      secret ||= s;
      out[k] = v;
    }
    return [out, secret];
  }
  return [value, false];
}

/** True when a value as it came in a Struct is or holds a secret. */
export const holdsSecret = (value: unknown): boolean => reveal(value)[1];

/** Plain props and the top-level keys whose value was (or held) a secret. */
export interface Unwrapped {
  readonly values: Props;
  readonly secret: ReadonlySet<string>;
}

export function fromStruct(struct: Struct | undefined): Unwrapped {
  const values: Props = {};
  const secret = new Set<string>();
  for (const [key, raw] of Object.entries(struct?.toJavaScript() ?? {})) {
    const [value, wasSecret] = reveal(raw);
    values[key] = value;
    if (wasSecret) secret.add(key);
  }
  return { values, secret };
}

/** A Struct of `props`, each key in `secret` wrapped as a secret; undefined values are left out. */
export function toStruct(props: Props | undefined, secret: Iterable<string> = []): Struct {
  const marked = new Set(secret);
  const out: Record<string, any> = {};
  for (const [key, value] of Object.entries(props ?? {})) {
    if (value === undefined) continue;
    out[key] = marked.has(key) && value !== null ? { [SIG_KEY]: SECRET_SIG, value: clean(value) } : clean(value);
  }
  return Struct.fromJavaScript(out);
}

/** JSON's shape (what a Struct holds): undefined object values dropped, undefined list items null. */
function clean(value: unknown): any {
  if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : clean(v)));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, clean(v)]),
    );
  }
  return value;
}
