/**
 * Errors that are the user's to fix (a setting, an input, the service's refusal or limit): the message
 * says all there is to say. The dynamic-provider host prints `${e}: ${e.stack}` to stderr and returns the
 * message to the engine, which shows it on the resource; with no stack and `toString()` the message, that
 * line holds the words once, with no `Error:` prefix and no frames into files the package does not ship.
 */
import { EdgeIngressError } from "../sdk/core/errors";

export class UserError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "UserError";
    // No frames: where the provider found the problem does not help fix it (and its files are not shipped).
    Object.defineProperty(this, "stack", { value: "", writable: true, configurable: true, enumerable: false });
  }

  override toString(): string {
    return this.message;
  }
}

/**
 * The error as the user gets it: the sdk's errors and our plain `Error`s, whose messages are written for
 * the user, lose their stack and print as their message; anything else (a TypeError: a defect) keeps its
 * stack for the bug report.
 */
export function forUser(e: unknown): unknown {
  if (e instanceof UserError || !(e instanceof Error)) return e;
  if (!(e instanceof EdgeIngressError || Object.getPrototypeOf(e) === Error.prototype)) return e;
  // Made plain in place, so its class and fields (a RateLimitError's status, an APIError's code) stay.
  Object.defineProperty(e, "stack", { value: "", writable: true, configurable: true, enumerable: false });
  Object.defineProperty(e, "toString", { value: () => e.message, writable: true, configurable: true, enumerable: false });
  return e;
}
