import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { z } from "zod";
import { IdGenerator, isWellFormedId } from "../../../emulator/state/ids";
import { Store, type BaseRecord } from "../../../emulator/state/store";
import { type KindRules } from "../../../emulator/state/rules";

describe("ids", () => {
  test("ids made in a burst (many per millisecond) are strictly increasing and well formed", () => {
    const gen = new IdGenerator();
    const ids = Array.from({ length: 5000 }, () => gen.next("ipp"));
    ids.forEach((id) => expect(isWellFormedId("ipp", id)).toBe(true));
    for (let i = 1; i < ids.length; i++) expect(ids[i] > ids[i - 1]).toBe(true);
  });

  test("observe keeps new ids after an id from the future", () => {
    const ahead = new IdGenerator();
    const future = "ipp_7zzzzzzzzz0000000000000000";
    ahead.observe(future);
    expect(ahead.next("ipp") > future).toBe(true);
  });

  test("isWellFormedId checks prefix and suffix", () => {
    const id = new IdGenerator().next("ak");
    expect(isWellFormedId("ak", id)).toBe(true);
    expect(isWellFormedId("ipp", id)).toBe(false);
    expect(isWellFormedId("ak", `${id}x`)).toBe(false);
    expect(isWellFormedId("ak", id.toUpperCase())).toBe(false);
  });
});

describe("store changes", () => {
  interface Thing extends BaseRecord {
    parent: string | null;
    needs: string[];
  }
  const thing = z.strictObject({ id: z.string(), created_at: z.string(), parent: z.string().nullable(), needs: z.array(z.string()) });
  const things: KindRules<Thing> = {
    collectionKey: "things",
    prefix: "th",
    label: "thing",
    path: "/things",
    record: thing,
    uses: (r) => r.needs,
    owner: (r) => r.parent ?? "",
  };
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "ei-store-"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const add = (store: Store, parent: string | null = null, needs: string[] = []) =>
    store.collection(things).insert({ id: store.newId("th"), created_at: "2026-01-01T00:00:00Z", parent, needs });
  const saved = (file: string) => JSON.parse(fs.readFileSync(file, "utf8")).collections.things.map((r: Thing) => r.id);

  test("a transaction writes once at the end and undoes everything when it throws", () => {
    const file = path.join(dir, "s.json");
    const store = Store.open([things], file);
    const kept = add(store);
    expect(() =>
      store.transaction(() => {
        add(store);
        store.collection(things).replace({ ...kept, needs: ["x"] });
        expect(saved(file)).toEqual([kept.id]); // nothing written yet
        throw new Error("stop");
      }),
    ).toThrow("stop");
    expect(store.collection(things).all()).toEqual([kept]);
    const two = store.transaction(() => [add(store), add(store)]);
    expect(saved(file)).toEqual([kept.id, ...two.map((r) => r.id)]);
  });

  test("a failed write undoes the whole transaction", () => {
    const sub = path.join(dir, "sub");
    fs.mkdirSync(sub);
    const store = Store.open([things], path.join(sub, "s.json"));
    const kept = add(store);
    fs.rmSync(sub, { recursive: true });
    expect(() => store.transaction(() => [add(store), store.collection(things).remove(kept.id)])).toThrow();
    expect(store.collection(things).all()).toEqual([kept]);
  });

  test("removeTree removes owned records depth first; usersOf and kindOf find by id", () => {
    const store = Store.open([things]);
    const root = add(store);
    const child = add(store, root.id);
    add(store, child.id);
    const other = add(store, null, [child.id]);
    expect(store.usersOf(child.id)).toEqual([{ kind: things, record: other }]);
    expect(store.usersOf(root.id)).toEqual([]);
    expect(store.kindOf("th_whatever")).toBe(things);
    expect(store.kindOf("zz_whatever")).toBeUndefined();
    store.removeTree(things, root.id);
    expect(store.collection(things).all()).toEqual([other]);
  });

  test("usersOf lists every user of an id, oldest first", () => {
    const store = Store.open([things]);
    const used = add(store);
    const first = add(store, null, [used.id]);
    add(store);
    const second = add(store, null, ["th_other", used.id]);
    expect(store.usersOf(used.id).map((u) => u.record)).toEqual([first, second]);
  });

  test("usersOf is oldest first across kinds, whatever order the kinds are registered in", () => {
    const others: KindRules<Thing> = { ...things, collectionKey: "others", prefix: "ot", label: "other", path: "/others" };
    for (const kinds of [
      [things, others],
      [others, things],
    ]) {
      const store = Store.open(kinds);
      const used = add(store);
      const older = store
        .collection(others)
        .insert({ id: store.newId("ot"), created_at: "2026-01-01T00:00:00Z", parent: null, needs: [used.id] });
      const newer = add(store, null, [used.id]);
      expect(store.usersOf(used.id)).toEqual([
        { kind: others, record: older },
        { kind: things, record: newer },
      ]);
    }
  });
});
