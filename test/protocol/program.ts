/**
 * The test programs' JSON (`{ resources: [{ kind, name, args }], tokens?, reads? }`, as harness/edges
 * and the native YAML programs read it) as the resources a language host registers on each path:
 * - dynamic: what a resource class passes to `pulumi.CustomResource` (provider/framework/resource.ts,
 *   `resourceArgs`): secret inputs wrapped, an owned input's credential fields moved apart into a secret
 *   output, the `__provider` text, and the additional secret outputs; "secret:<key>" a plain value of the
 *   `secrets` config (the class protects it);
 * - native: the schema's types, its secret inputs wrapped (as an SDK does), its secret outputs additional
 *   secret outputs; "secret:<key>" the secret config value; `adopt` the `import` option; `reads` `get:`.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { PROVIDER_KEY, providerText } from "../../provider/framework/provider-factory";
import { SPELLED } from "../../provider/framework/hidden-outputs";
import type { ClassLists } from "../../provider/framework/resource";
import { REPO_ROOT } from "../../harness/engine";
import { nativeArgs } from "../support/native-stack";
import { refsOf } from "../support/refs";
import { typeOf, type Path } from "./hosts";
import type { Goal } from "./engine";
import { secret, UNKNOWN, type Props } from "./values";

export interface ProgramJson {
  resources?: Array<{ kind: string; name: string; args: Props }>;
  tokens?: boolean;
  reads?: Array<{ kind: string; name: string; id: string }>;
  endpoints?: boolean;
}

/** Every kind's class lists, by kind (the generated `<kind>Resource` exports). */
const LISTS: Record<string, ClassLists> = Object.fromEntries(
  fs
    .readdirSync(path.join(REPO_ROOT, "provider", "resources"))
    .filter((f) => f.endsWith(".ts") && f !== "index.ts")
    .map((f) => Object.values(require(path.join(REPO_ROOT, "provider", "resources", f)) as Record<string, unknown>))
    .flat()
    .filter((v): v is ClassLists => typeof v === "object" && v !== null && "inputs" in v && "name" in v)
    .map((l) => [l.name, l]),
);

type SchemaResource = { properties: Record<string, { secret?: boolean }>; inputProperties?: Record<string, { secret?: boolean }> };
const SCHEMA = (
  JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "native", "schema.json"), "utf8")) as { resources: Record<string, SchemaResource> }
).resources;
const schemaOf = (kind: string): SchemaResource => {
  const s = SCHEMA[`edgeingress:index:${kind}`];
  if (!s) throw new Error(`no kind ${kind} in native/schema.json`);
  return s;
};

/** True when the kind has a `token` output on the path (the programs' `tokens` output lists those). */
export const hasToken = (p: Path, kind: string): boolean =>
  p === "native" ? "token" in schemaOf(kind).properties : (LISTS[kind]?.outputs ?? []).includes("token");

/** `v` with "@<name>" as `ids[name]` and "secret:<key>" as `secretValue(key)`. */
function resolve(v: unknown, ids: Readonly<Record<string, string>>, secretValue: (key: string) => unknown): any {
  if (typeof v === "string") {
    if (v.startsWith("@")) return ids[v.slice(1)];
    if (v.startsWith("secret:")) return secretValue(v.slice("secret:".length));
    return v;
  }
  if (Array.isArray(v)) return v.map((x) => resolve(x, ids, secretValue));
  if (v !== null && typeof v === "object") {
    const entries = Object.entries(v).map(([k, x]) => [resolve(k, ids, secretValue) as string, resolve(x, ids, secretValue)]);
    // A map keyed by an id not known yet is itself unknown (harness/edges builds it with `pulumi.all(…).apply`).
    return entries.some(([k]) => k === UNKNOWN) ? UNKNOWN : Object.fromEntries(entries);
  }
  return v;
}

/** What a dynamic class registers for `args` (resourceArgs over plain values). */
function dynamicInputs(lists: ClassLists, args: Props): Props {
  const props: Props = {};
  for (const [k, v] of Object.entries(args)) if (v !== undefined && k !== "connection") props[k] = v;
  const apart = lists.ownedSecrets;
  if (apart && Array.isArray(props[apart.input])) {
    const children = props[apart.input] as Props[];
    props[apart.input] = children.map((c) => Object.fromEntries(Object.entries(c ?? {}).filter(([k]) => !apart.fields.includes(k))));
    props[apart.output] = secret(
      children.map((c) => Object.fromEntries(apart.fields.filter((k) => c?.[k] !== undefined).map((k) => [k, c[k]]))),
    );
  }
  for (const k of lists.secretInputs ?? []) if (props[k] !== undefined) props[k] = secret(props[k]);
  props[PROVIDER_KEY] = providerText(lists.name);
  return props;
}

/** The resources `program` registers on path `p`; `urn(type, name)` names them; `secrets` are the program's secret values. */
export function goalsOf(p: Path, program: ProgramJson, urn: (type: string, name: string) => string, secrets: Props): Goal[] {
  if (program.endpoints) throw new Error("the protocol harness has no getEndpoints (the `endpoints` output): an engine test's");
  const urnByName = new Map((program.resources ?? []).map((r) => [r.name, urn(typeOf(p, r.kind), r.name)]));
  const secretValue = (key: string) => (p === "native" ? secret(secrets[key]) : secrets[key]);
  const goals: Goal[] = (program.resources ?? []).map(({ kind, name, args }) => {
    const refs = [...refsOf(args)];
    for (const r of refs) if (!urnByName.has(r)) throw new Error(`${name} refers to @${r}, which the program does not declare`);
    const common = { urn: urnByName.get(name)!, type: typeOf(p, kind), kind, name, refs, dependsOn: refs.map((r) => urnByName.get(r)!) };
    if (p === "dynamic") {
      const lists = LISTS[kind];
      if (!lists) throw new Error(`no resource class ${kind}`);
      const extra = [
        ...(lists.secretOutputs ?? []),
        ...(lists.secretInputs ?? []),
        ...(lists.ownedSecrets ? [lists.ownedSecrets.output] : []),
        SPELLED,
      ];
      return { ...common, additionalSecretOutputs: extra, inputs: (ids) => dynamicInputs(lists, resolve(args, ids, secretValue)) };
    }
    const schema = schemaOf(kind);
    const { adopt, ...rest } = nativeArgs(kind, args);
    const secretIn = Object.keys(schema.inputProperties ?? {}).filter((k) => schema.inputProperties![k].secret);
    const secretOut = Object.keys(schema.properties).filter((k) => schema.properties[k].secret && !(k in (schema.inputProperties ?? {})));
    return {
      ...common,
      additionalSecretOutputs: secretOut,
      ...(typeof adopt === "string" ? { importId: adopt } : {}),
      inputs: (ids) => {
        const v = resolve(rest, ids, secretValue) as Props;
        for (const k of secretIn) if (v[k] !== undefined) v[k] = secret(v[k]);
        return v;
      },
    };
  });
  for (const { kind, name, id } of program.reads ?? []) {
    goals.push({
      urn: urn(typeOf(p, kind), name),
      type: typeOf(p, kind),
      kind,
      name,
      refs: [],
      dependsOn: [],
      additionalSecretOutputs: [],
      readId: id,
      inputs: () => ({ ...(p === "dynamic" ? { [PROVIDER_KEY]: providerText(kind) } : {}) }),
    });
  }
  return goals;
}
