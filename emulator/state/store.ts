/**
 * The emulator's state: one collection per kind, id generation, newest-first paging and persistence.
 * Pure: nothing here knows about HTTP.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { ApiError } from "../errors";

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

// Ids: prefix + "_" + 26 characters of Crockford base32 (lowercase): 10 for the millisecond time, 16 for
// an 80-bit random part that is incremented within one millisecond. Lexicographic order = creation order.
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
const SUFFIX_RE = /^[0-9a-hjkmnp-tv-z]{26}$/;
const RAND_LIMIT = 1n << 80n;

function encode(value: bigint, chars: number): string {
  let out = "";
  for (let i = 0; i < chars; i++) {
    out = ALPHABET[Number(value & 31n)] + out;
    value >>= 5n;
  }
  return out;
}

function decode(text: string): bigint {
  let value = 0n;
  for (const ch of text) value = (value << 5n) | BigInt(ALPHABET.indexOf(ch));
  return value;
}

/** True if `id` has the shape of an id of the kind with this prefix. */
export function isWellFormedId(prefix: string, id: string): boolean {
  return id.startsWith(`${prefix}_`) && SUFFIX_RE.test(id.slice(prefix.length + 1));
}

/** Monotonic id source: every id sorts after every id it has made or observed. */
export class IdGenerator {
  private lastTime = 0n;
  private lastRand = 0n;

  next(prefix: string): string {
    const now = BigInt(Date.now());
    if (now > this.lastTime) {
      this.lastTime = now;
      this.lastRand = BigInt(`0x${randomBytes(10).toString("hex")}`) >> 1n; // top bit clear: room to increment
    } else if (++this.lastRand >= RAND_LIMIT) {
      this.lastTime += 1n;
      this.lastRand = 0n;
    }
    return `${prefix}_${encode(this.lastTime, 10)}${encode(this.lastRand, 16)}`;
  }

  /** Raise the floor to an existing id (after loading), so new ids sort after it even if the clock went back. */
  observe(id: string): void {
    const suffix = id.slice(id.indexOf("_") + 1);
    const time = decode(suffix.slice(0, 10));
    const rand = decode(suffix.slice(10));
    if (time > this.lastTime || (time === this.lastTime && rand > this.lastRand)) {
      this.lastTime = time;
      this.lastRand = rand;
    }
  }
}

/** RFC 3339 UTC with whole seconds, e.g. `2026-11-22T01:44:12Z`. */
export function rfc3339(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

export function rfc3339Now(): string {
  return rfc3339(new Date());
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

/** A data file that cannot be used; the file is left as it is. */
export class DataFileError extends Error {
  constructor(file: string, reason: string) {
    super(`data file ${file} is not usable: ${reason}`);
    this.name = "DataFileError";
  }
}

const FORMAT = "edge-ingress-emulator/1";
const fileSchema = z.strictObject({
  format: z.literal(FORMAT),
  admin_user_id: z.string().refine((id) => isWellFormedId("usr", id), "must be a usr_ id"),
  // Absent in files written before the bot existed: one is made and written at once.
  bot_id: z
    .string()
    .refine((id) => isWellFormedId("bot", id), "must be a bot_ id")
    .optional(),
  collections: z.record(z.string(), z.array(z.unknown())),
});

/** What the data file holds (and `GET /_emulator/snapshot` answers). */
export interface StoreData {
  format: typeof FORMAT;
  admin_user_id: string;
  bot_id: string;
  collections: Record<string, BaseRecord[]>;
}

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
    let text: string | undefined;
    try {
      text = fs.readFileSync(file, "utf8");
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw new DataFileError(file, (err as Error).message);
    }
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
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      throw new DataFileError(file, "not valid JSON");
    }
    const parsed = fileSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new DataFileError(file, `${issue.path.join(".") || "(top level)"}: ${issue.message}`);
    }
    const store = new Store(kinds, file, parsed.data.admin_user_id, parsed.data.bot_id);
    for (const [name, records] of Object.entries(parsed.data.collections)) {
      const collection = store.collections.get(name);
      if (!collection) throw new DataFileError(file, `unknown collection ${JSON.stringify(name)}`);
      records.forEach((raw, i) => {
        const where = `collections.${name}[${i}]`;
        const record = collection.kind.record.safeParse(raw);
        if (!record.success) {
          const issue = record.error.issues[0];
          throw new DataFileError(file, `${where}.${issue.path.join(".")}: ${issue.message}`);
        }
        const { id } = record.data;
        if (!isWellFormedId(collection.kind.prefix, id)) throw new DataFileError(file, `${where}: bad id`);
        if (collection.get(id)) throw new DataFileError(file, `${where}: duplicate id ${id}`);
        collection.load(record.data);
        store.ids.observe(id);
      });
    }
    if (parsed.data.bot_id === undefined) {
      try {
        store.persist(); // keep the new bot's id from this start on
      } catch (err) {
        throw new DataFileError(file, `cannot be updated: ${(err as Error).message}`);
      }
    }
    return store;
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

  /** Write the whole state atomically: temp file in the same directory, fsync, rename, fsync the directory. */
  private persist(): void {
    if (this.dataFile === undefined) return;
    const text = `${JSON.stringify(this.data(), null, 2)}\n`;
    const dir = path.dirname(this.dataFile);
    const tmp = path.join(dir, `.${path.basename(this.dataFile)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
    try {
      const fd = fs.openSync(tmp, "wx", 0o600);
      try {
        fs.writeFileSync(fd, text);
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
      fs.renameSync(tmp, this.dataFile);
    } catch (err) {
      fs.rmSync(tmp, { force: true });
      throw err;
    }
    const dirFd = fs.openSync(dir, "r");
    try {
      fs.fsyncSync(dirFd);
    } finally {
      fs.closeSync(dirFd);
    }
  }
}
