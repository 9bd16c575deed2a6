/**
 * The emulator's state: one collection per kind, newest-first paging, transactions, and loading and
 * saving it in the data file (its format: ./data-file.ts; ids and times: ./ids.ts). Nothing here knows
 * about HTTP.
 */
import * as path from "node:path";
import type { z } from "zod";
import { ApiError } from "../errors";
import { DataFileError, FORMAT, parseDataFile, readDataFile, writeDataFile, type DataFileContent } from "./data-file";
import { IdGenerator, isWellFormedId } from "./ids";

/** Fields every stored record has; the rest is per kind. */
export interface BaseRecord {
  id: string;
  created_at: string;
}

/** What the store and the shared helpers see of a kind: its collection, ids, records and what they need (its rules: ./rules.ts). */
export interface StoredKind<R extends BaseRecord> {
  /** Key of the collection in the data file, e.g. `ip_policies`. */
  readonly collectionKey: string;
  /** Id prefix without the underscore, e.g. `ipp` (§2.1). */
  readonly prefix: string;
  /** Human name for messages, e.g. `IP policy`. */
  readonly label: string;
  /** Collection path of the API, e.g. `/ip_policies`; item paths are `<path>/<id>`. */
  readonly path: string;
  /** Shape of a stored record, checked when a data file is loaded. */
  readonly record: z.ZodType<R>;
  /** Ids this record needs: none of them may be deleted while the record exists (409 CONFLICT). */
  uses?(record: R): readonly string[];
  /** Id of the record this one belongs to: it is removed together with its owner. */
  owner?(record: R): string;
}

export interface Page<R> {
  items: R[];
  /** True if items older than the last one returned exist. */
  more: boolean;
}

/** Persists a change, or records it in the open transaction; runs `undo` and rethrows if that fails. */
type Commit = (undo: () => void) => void;

/** Whether this is the collection of `kind` (the very definition registered), hence of its records. */
function holds<R extends BaseRecord>(collection: Collection<BaseRecord>, kind: StoredKind<R>): collection is Collection<R> {
  return collection.kind === kind;
}

/** One kind's records. Every mutation is persisted before it returns, and undone if that fails. */
export class Collection<R extends BaseRecord> {
  private readonly items = new Map<string, R>();

  constructor(
    readonly kind: StoredKind<R>,
    private readonly commit: Commit,
  ) {}

  get(id: string): R | undefined {
    return this.items.get(id);
  }

  /** The record, or NOT_FOUND (also for ids of another kind). */
  require(id: string): R {
    const record = this.items.get(id);
    if (!record) throw new ApiError("NOT_FOUND", `no ${this.kind.label} with id ${JSON.stringify(id)}`);
    return record;
  }

  /** All records, oldest first. */
  all(): R[] {
    return [...this.items.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  /** Newest first, only ids older than `beforeId` when given (it need not exist). */
  page(limit: number, beforeId?: string): Page<R> {
    const older = this.all()
      .reverse()
      .filter((r) => beforeId === undefined || r.id < beforeId);
    return { items: older.slice(0, limit), more: older.length > limit };
  }

  insert(record: R): R {
    this.items.set(record.id, record);
    this.commit(() => this.items.delete(record.id));
    return record;
  }

  /** Replace an existing record (same id). */
  replace(record: R): R {
    const previous = this.require(record.id);
    this.items.set(record.id, record);
    this.commit(() => this.items.set(previous.id, previous));
    return record;
  }

  remove(id: string): R {
    const previous = this.require(id);
    this.items.delete(id);
    this.commit(() => this.items.set(previous.id, previous));
    return previous;
  }

  /** Load without persisting (data file start-up). */
  load(record: R): void {
    this.items.set(record.id, record);
  }
}

/** What the data file holds (and `GET /_emulator/snapshot` answers). */
export type StoreData = DataFileContent<BaseRecord>;

export class Store {
  readonly adminUserId: string;
  /** The account's one bot: an owner the admin may name (`owner_id`) besides itself. */
  readonly botId: string;
  private readonly ids = new IdGenerator();
  private readonly collections = new Map<string, Collection<BaseRecord>>();
  /** Undo steps of the open transaction, newest last; undefined when none is open. */
  private undoLog: Array<() => void> | undefined;

  private constructor(
    kinds: readonly StoredKind<BaseRecord>[],
    private readonly dataFile: string | undefined,
    adminUserId: string | undefined,
    botId: string | undefined,
  ) {
    for (const kind of kinds) this.collections.set(kind.collectionKey, new Collection(kind, (undo) => this.commit(undo)));
    this.adminUserId = adminUserId ?? this.ids.next("usr");
    this.ids.observe(this.adminUserId);
    this.botId = botId ?? this.ids.next("bot");
    this.ids.observe(this.botId);
  }

  /** True if the id names a user or bot of the account (the admin user or the bot). */
  isKnownOwner(id: string): boolean {
    return id === this.adminUserId || id === this.botId;
  }

  /**
   * A store for these kinds. With a data file: load it if it exists (DataFileError if it is corrupt),
   * else create it at once so the admin user id is kept from the first start.
   */
  static open(kinds: readonly StoredKind<BaseRecord>[], dataFile?: string): Store {
    if (dataFile === undefined) return new Store(kinds, undefined, undefined, undefined);
    const file = path.resolve(dataFile);
    const text = readDataFile(file);
    if (text === undefined) {
      const store = new Store(kinds, file, undefined, undefined);
      try {
        store.persist();
      } catch (err) {
        throw new DataFileError(file, `cannot be created: ${(err as Error).message}`);
      }
      return store;
    }
    return Store.fromText(kinds, file, text);
  }

  private static fromText(kinds: readonly StoredKind<BaseRecord>[], file: string, text: string): Store {
    const data = parseDataFile(file, text);
    const store = new Store(kinds, file, data.admin_user_id, data.bot_id);
    for (const [name, records] of Object.entries(data.collections)) {
      const collection = store.collections.get(name);
      if (!collection) throw new DataFileError(file, `unknown collection ${JSON.stringify(name)}`);
      records.forEach((raw, i) => store.loadRecord(file, collection, `collections.${name}[${i}]`, raw));
    }
    if (data.bot_id === undefined) {
      try {
        store.persist(); // keep the new bot's id from this start on
      } catch (err) {
        throw new DataFileError(file, `cannot be updated: ${(err as Error).message}`);
      }
    }
    return store;
  }

  /** One record of the data file, checked against its kind's shape and id form. */
  private loadRecord(file: string, collection: Collection<BaseRecord>, where: string, raw: unknown): void {
    const record = collection.kind.record.safeParse(raw);
    if (!record.success) {
      const issue = record.error.issues[0];
      throw new DataFileError(file, `${where}.${issue.path.join(".")}: ${issue.message}`);
    }
    const { id } = record.data;
    if (!isWellFormedId(collection.kind.prefix, id)) throw new DataFileError(file, `${where}: bad id`);
    if (collection.get(id)) throw new DataFileError(file, `${where}: duplicate id ${id}`);
    collection.load(record.data);
    this.ids.observe(id);
  }

  collection<R extends BaseRecord>(kind: StoredKind<R>): Collection<R> {
    const collection = this.collections.get(kind.collectionKey);
    if (!collection || !holds(collection, kind)) throw new Error(`kind ${kind.collectionKey} is not registered with the store`);
    return collection;
  }

  newId(prefix: string): string {
    return this.ids.next(prefix);
  }

  /** The kind whose prefix this id has (the record need not exist). */
  kindOf(id: string): StoredKind<BaseRecord> | undefined {
    const prefix = id.slice(0, id.indexOf("_"));
    return [...this.collections.values()].find((c) => c.kind.prefix === prefix)?.kind;
  }

  /**
   * Every record whose `uses` names this id, oldest first whatever its kind (one id source makes every
   * id, so the part after the prefix orders them by creation): the order kinds are registered in matters not.
   */
  usersOf(id: string): Array<{ kind: StoredKind<BaseRecord>; record: BaseRecord }> {
    const age = (r: BaseRecord) => r.id.slice(r.id.indexOf("_") + 1);
    return [...this.collections.values()]
      .flatMap(({ kind }) =>
        kind.uses
          ? this.collection(kind)
              .all()
              .filter((r) => kind.uses!(r).includes(id))
              .map((record) => ({ kind, record }))
          : [],
      )
      .sort((a, b) => (age(a.record) < age(b.record) ? -1 : age(a.record) > age(b.record) ? 1 : 0));
  }

  /** Remove a record and, depth first, every record it owns, as one change. */
  removeTree(kind: StoredKind<BaseRecord>, id: string): void {
    this.transaction(() => {
      for (const { kind: child } of this.collections.values()) {
        if (!child.owner) continue;
        for (const record of this.collection(child).all()) if (child.owner(record) === id) this.removeTree(child, record.id);
      }
      this.collection(kind).remove(id);
    });
  }

  /**
   * Run `fn` as one change: the data file is written once at the end, and if `fn` throws or the write
   * fails, every change made inside is undone. Nested calls join the open transaction.
   */
  transaction<T>(fn: () => T): T {
    if (this.undoLog) return fn();
    const log: Array<() => void> = [];
    this.undoLog = log;
    try {
      const result = fn();
      this.persist();
      return result;
    } catch (err) {
      for (const undo of log.reverse()) undo();
      throw err;
    } finally {
      this.undoLog = undefined;
    }
  }

  private commit(undo: () => void): void {
    if (this.undoLog) {
      this.undoLog.push(undo);
      return;
    }
    try {
      this.persist();
    } catch (err) {
      undo();
      throw err;
    }
  }

  /**
   * The whole state in the data file's shape. The records are the live objects, not copies: serialize
   * the result before the next change if it is to be kept.
   */
  data(): StoreData {
    const collections: Record<string, BaseRecord[]> = {};
    for (const [name, collection] of this.collections) collections[name] = collection.all();
    return { format: FORMAT, admin_user_id: this.adminUserId, bot_id: this.botId, collections };
  }

  /** Writes the whole state to the data file, if there is one. */
  private persist(): void {
    if (this.dataFile !== undefined) writeDataFile(this.dataFile, this.data());
  }
}
