/** The emulator's own messages: to a sink given to startEmulator, else errors only, to stderr. */
import { format } from "node:util";

/** `error`: an internal error or failed background work; `info`: an error answer sent to a client. */
export interface LogEntry {
  level: "error" | "info";
  message: string;
}
export type LogSink = (entry: LogEntry) => void;

export const stderrSink: LogSink = ({ level, message }) => {
  if (level === "error") process.stderr.write(`${message}\n`);
};

/** An error with its stack, as console.error would print it. */
export const logError = (sink: LogSink, message: string, err: unknown): void => sink({ level: "error", message: format(message, err) });
