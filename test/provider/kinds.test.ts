/**
 * What every kind of the provider shares, generated from the kind table (provider/kinds/index.ts) through the
 * runtime entry against an emulator, with each kind's arguments from the drift matrix (every mutable
 * field set, every module present): create, read and update round trip with no diff after each, values
 * the service shows only once kept from state, omitted inputs read as the service's defaults, a refused
 * key never read as "gone", delete idempotent, and an unknown input named at check.
 * A kind's own rules (references, replaces, normalisation, module specifics) stay in its own file.
 */
import { inputKeys, updatableKeys, type KindDeclaration } from "../../provider/framework/kind";
import { compositeId, idFormOf } from "../../provider/framework/ids";
import { kinds } from "../../provider/kinds";
import { DECLARED, SPELLED } from "../../provider/framework/hidden-outputs";
import { splitSecrets } from "../../provider/framework/children";
import { kebab, MATRIX, SUPPORT, resolve } from "../support/drift-matrix";
import { fakeConfig, useRuntime } from "./runtime-fixture";

const fx = useRuntime();
const P = { __provider: "serialized" };
const NO_CHANGE = { changes: false, replaces: [], deleteBeforeReplace: false };

type Props = Record<string, any>;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** What the program declared, as a refresh gives it back when nothing drifted: without `__provider`. */
const declaredOf = ({ __provider: _, ...declared }: Props): Props => declared;
/** Outputs without what the provider records about the declaration (hidden-outputs.ts). */
const visible = ({ [DECLARED]: _d, [SPELLED]: _s, ...outs }: Props): Props => outs;

/** Ids of the SUPPORT resources, by name, made through the runtime too. */
const ids: Record<string, string> = {};
beforeAll(async () => {
  for (const r of SUPPORT) ids[r.name] = (await fx.runtime.create(r.kind, { ...P, ...(resolve(r.args, ids) as Props) })).id;
});

/** The kind's inputs: the drift matrix's arguments with references resolved (`c` makes unique values unique). */
const inputsOf = (decl: KindDeclaration, c = `kinds-${kebab(decl.name)}`): Props => ({
  ...P,
  ...(resolve(MATRIX[decl.name].args(c), ids) as Props),
});
/** Only the inputs the create schema requires. */
function requiredInputsOf(decl: KindDeclaration): Props {
  const all = inputsOf(decl, `kinds-${kebab(decl.name)}-required`);
  const required = inputKeys(decl).filter((key) => !decl.createSchema.shape[key].safeParse(undefined).success);
  return { ...P, ...Object.fromEntries(required.map((key) => [key, all[key]])) };
}

/**
 * The field an update changes in place, and its new value: the description where the kind has one, else
 * the first updatable field with an out-of-band value in the matrix (a value other than the declared one).
 */
function updateOf(decl: KindDeclaration): { field: string; value: () => unknown } | undefined {
  const updatable = updatableKeys(decl);
  if (updatable.includes("description")) return { field: "description", value: () => "updated in place" };
  for (const field of updatable) {
    const entry = MATRIX[decl.name].outOfBand[field];
    if (entry && "value" in entry && !entry.declared) {
      const v = entry.value;
      return { field, value: () => resolve(typeof v === "function" ? v(`kinds-${kebab(decl.name)}`) : v, ids) };
    }
  }
  return undefined;
}

/** Outputs the declaration types as possibly null: the rest are set from creation on. */
const nullableOutputs = (decl: KindDeclaration): Set<string> =>
  new Set(Object.keys(decl.fields).filter((key) => /\|\s*null\b/.test(decl.fields[key].type)));

/**
 * Runs `fn` with the runtime on a key the service stops accepting once the runtime has connected with it
 * (revoked): every request of the kind's own is answered 401.
 */
async function withRevokedKey(fn: () => Promise<void>): Promise<void> {
  const configure = (apiKey: string) =>
    fx.runtime.configure({ config: fakeConfig({ "edgeingress:apiKey": apiKey, "edgeingress:apiUrl": fx.emulator.url }) });
  const key = await fx.client.apiKeys.create({ description: "revoked while connected" });
  await configure(key.token!);
  try {
    // Connects while the key is good; a check reads nothing, so no page of the kind is cached from before.
    await fx.runtime.check("IpPolicy", {}, {});
    await fx.client.apiKeys.delete(key.id);
    await fn();
  } finally {
    await configure(fx.emulator.rootToken);
  }
}

test("the drift matrix has arguments for every kind", () => {
  expect(Object.keys(kinds).filter((name) => !MATRIX[name])).toEqual([]);
});

describe.each(Object.values(kinds).map((decl) => [decl.name, decl] as const))("%s", (name, decl) => {
  /** Inputs as the resource class passes them: an owned input's secret fields apart (an edge's `routeSecretModules`). */
  const asPassed = (props: Props) => splitSecrets(decl, props);
  // None where nothing changes in place (EventSource: every input replaces), so no update test.
  const update = updateOf(decl);
  // Values the service shows once (a token) or never (a private key): the provider keeps them from state.
  const kept = decl.keepFromState ?? [];
  let inputs: Props;
  let created: { id: string; outs: Props };
  let updated: Props | undefined;

  test("create returns an id of the kind's form and every declared output; no diff against the inputs", async () => {
    inputs = inputsOf(decl);
    const made = await fx.runtime.create(name, inputs);
    created = { id: made.id, outs: made.outs! };
    expect(idFormOf(decl).test(created.id)).toBe(true);
    expect(Object.keys(visible(created.outs)).sort()).toEqual([...inputKeys(decl), ...decl.outputs].sort());
    expect(created.outs[DECLARED]).toEqual(Object.keys(declaredOf(inputs)).sort());
    const nullable = nullableOutputs(decl);
    expect(decl.outputs.filter((key) => created.outs[key] == null && !nullable.has(key))).toEqual([]);
    for (const key of decl.secretOutputs ?? []) expect({ [key]: created.outs[key] }).toEqual({ [key]: expect.any(String) });
    // The URI names the resource: its id, or a nested resource's own part.
    if (decl.outputs.includes("uri"))
      expect(created.outs.uri).toMatch(new RegExp(`/${escape(decl.parent?.nested ? compositeId.split(created.id)[1] : created.id)}$`));
    expect(await fx.runtime.diff(name, created.id, created.outs, inputs)).toEqual(NO_CHANGE);
  });

  test("read returns the same id and outputs, and the declared inputs as declared; no diff against the inputs", async () => {
    const read = await fx.runtime.read(name, created.id, created.outs);
    expect(read).toEqual({ id: created.id, props: created.outs, inputs: asPassed(declaredOf(inputs)) });
    expect(await fx.runtime.diff(name, created.id, read.props!, inputs)).toEqual(NO_CHANGE);
  });

  if (update) {
    test(`an update of ${update.field} is in place, keeps the id, and leaves no diff`, async () => {
      const news = { ...inputs, [update.field]: update.value() };
      expect(await fx.runtime.diff(name, created.id, created.outs, news)).toMatchObject({ changes: true, replaces: [] });
      const outs = (await fx.runtime.update(name, created.id, created.outs, news)).outs!;
      updated = outs;
      // Nothing else changes with it (createdAt, the URI, values kept from state).
      const { [update.field]: _was, ...rest } = visible(created.outs);
      expect(visible(outs)).toEqual({ ...rest, [update.field]: expect.anything() });
      expect(outs[DECLARED]).toEqual(Object.keys(declaredOf(news)).sort());
      expect(await fx.runtime.diff(name, created.id, outs, news)).toEqual(NO_CHANGE);
      const read = await fx.runtime.read(name, created.id, outs);
      expect(read.id).toBe(created.id);
      expect(read.inputs).toEqual(asPassed(declaredOf(news)));
      expect(await fx.runtime.diff(name, created.id, read.props!, news)).toEqual(NO_CHANGE);
      expect(await fx.runtime.diff(name, created.id, read.props!, inputs)).toMatchObject({ changes: true, replaces: [] });
    });
  }

  if (kept.length) {
    test(`${kept.join(", ")}: not shown by the service after create, kept by read${update ? " and update" : ""}`, async () => {
      const shown = await decl.api(fx.client).get(created.id);
      for (const key of kept) expect({ [key]: (shown as Props)[key] ?? null }).toEqual({ [key]: null });
      // A kept input is what was declared (a private key); a kept output was answered by create (a token).
      for (const key of kept)
        expect({ [key]: created.outs[key] }).toEqual({ [key]: inputKeys(decl).includes(key) ? (inputs[key] ?? null) : expect.anything() });
      const read = await fx.runtime.read(name, created.id, created.outs);
      for (const key of kept) {
        expect({ [key]: read.props![key] }).toEqual({ [key]: created.outs[key] });
        if (updated) expect({ [key]: updated[key] }).toEqual({ [key]: created.outs[key] });
      }
    });
  }

  test("a key the service refuses: read, update and delete fail with 401, none takes the resource as gone", async () => {
    await withRevokedKey(async () => {
      await expect(fx.runtime.read(name, created.id, created.outs)).rejects.toMatchObject({ status: 401 });
      if (update)
        await expect(
          fx.runtime.update(name, created.id, created.outs, { ...inputs, [update.field]: update.value() }),
        ).rejects.toMatchObject({ status: 401 });
      await expect(fx.runtime.delete(name, created.id, created.outs)).rejects.toMatchObject({ status: 401 });
    });
    expect((await fx.runtime.read(name, created.id, created.outs)).id).toBe(created.id);
  });

  test("delete removes it: read reports it gone, and deleting again succeeds", async () => {
    await fx.runtime.delete(name, created.id, created.outs);
    // Gone: an empty read, which the engine takes as removed from state.
    expect(await fx.runtime.read(name, created.id, created.outs)).toEqual({});
    await expect(fx.runtime.delete(name, created.id, created.outs)).resolves.toBeUndefined();
  });

  test("omitted optional inputs are the service's defaults: no diff after create, nor after read", async () => {
    const inputs = requiredInputsOf(decl);
    const made = await fx.runtime.create(name, inputs);
    expect(await fx.runtime.diff(name, made.id, made.outs!, inputs)).toEqual(NO_CHANGE);
    const read = await fx.runtime.read(name, made.id, made.outs);
    expect(await fx.runtime.diff(name, made.id, read.props!, inputs)).toEqual(NO_CHANGE);
  });

  test("check fails on an unknown input field, naming it", async () => {
    const res = await fx.runtime.check(name, {}, { ...inputsOf(decl), notAField: 1 });
    expect(res.failures).toEqual([{ property: "notAField", reason: `notAField: is not a property of ${name}` }]);
  });
});
