/**
 * The emulator's data file: its format, reading it and writing it atomically. The records in it are the
 * store's to check, against each kind's record shape (store.ts).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { isWellFormedId } from "./ids";

/** A data file that cannot be used; the file is left as it is. */
export class DataFileError extends Error {
  constructor(file: string, reason: string) {
    super(`data file ${file} is not usable: ${reason}`);
    this.name = "DataFileError";
  }
}

export const FORMAT = "edge-ingress-emulator/1";
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

/** What the data file holds (and `GET /_emulator/snapshot` answers), its records of type `R`. */
export interface DataFileContent<R> {
  format: typeof FORMAT;
  admin_user_id: string;
  bot_id: string;
  collections: Record<string, R[]>;
}

/** The file's text; undefined when there is no file (DataFileError when it cannot be read). */
export function readDataFile(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw new DataFileError(file, (err as Error).message);
    return undefined;
  }
}

/** The file's text checked against the format, records not yet checked; `bot_id` is absent in older files. */
export function parseDataFile(file: string, text: string): z.infer<typeof fileSchema> {
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
  return parsed.data;
}

/** Writes the whole content atomically: temp file in the same directory, fsync, rename, fsync the directory. */
export function writeDataFile(file: string, content: DataFileContent<unknown>): void {
  const text = `${JSON.stringify(content, null, 2)}\n`;
  const dir = path.dirname(file);
  const tmp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  try {
    const fd = fs.openSync(tmp, "wx", 0o600);
    try {
      fs.writeFileSync(fd, text);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, file);
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
