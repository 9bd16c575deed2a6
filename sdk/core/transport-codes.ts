/** Transport error codes (Node.js, undici) and what each says of an attempt: for the errors and for retries. */

/** Failures raised before any byte of the request left: even a POST was certainly not processed. */
export const NOT_SENT_CODES: ReadonlySet<string> = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "UND_ERR_CONNECT_TIMEOUT"]);

/** Transport failures worth another attempt for an idempotent request. */
export const TRANSIENT_CODES: ReadonlySet<string> = new Set([
  ...NOT_SENT_CODES,
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "ENETDOWN",
  "ENETUNREACH",
  "EHOSTDOWN",
  "EHOSTUNREACH",
  "UND_ERR_SOCKET",
  "UND_ERR_CLOSED",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
]);
