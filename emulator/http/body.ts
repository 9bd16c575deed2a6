import type { IncomingMessage } from "node:http";
import { ApiError, typeName } from "../errors";

export const MAX_BODY_BYTES = 1024 * 1024;

const tooLarge = () => new ApiError("BODY_TOO_LARGE", `request body exceeds ${MAX_BODY_BYTES} bytes`, {}, { Connection: "close" });

/**
 * At most MAX_BODY_BYTES of the body. Beyond that it fails at once and the rest is read and dropped, not
 * kept (the 413 carries Connection: close); events rather than `for await`, which would destroy the socket.
 */
function readCapped(req: IncomingMessage): Promise<Buffer> {
  if (Number(req.headers["content-length"] ?? 0) > MAX_BODY_BYTES) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      if (size > MAX_BODY_BYTES) return; // already refused: drop the rest
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        chunks.length = 0;
        reject(tooLarge());
      } else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    // A client that goes away mid-body gets no answer; this only settles the promise.
    const incomplete = () => reject(new ApiError("MALFORMED_JSON", "request body was not received completely"));
    req.on("error", incomplete);
    req.on("close", incomplete);
  });
}

/** JSON media type, with no charset or utf-8. */
function isJson(contentType: string): boolean {
  const [type, ...params] = contentType.split(";").map((part) => part.trim().toLowerCase());
  if (type !== "application/json") return false;
  return params.every((p) => !p.startsWith("charset=") || p.replace(/"/g, "") === "charset=utf-8");
}

/**
 * The request body as a JSON object. An empty (or blank) body is `{}`; a Content-Type, when sent (always when
 * there is a body), must be application/json.
 */
export async function readJsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const raw = await readCapped(req);
  const contentType = req.headers["content-type"];
  if ((contentType !== undefined || raw.length > 0) && !isJson(contentType ?? "")) {
    throw new ApiError("UNSUPPORTED_MEDIA_TYPE", "request body must be sent with Content-Type: application/json");
  }
  let value: unknown;
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(raw);
    if (text.trim() === "") return {};
    value = JSON.parse(text);
  } catch {
    throw new ApiError("MALFORMED_JSON", "request body is not valid JSON (UTF-8)");
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new ApiError("MALFORMED_JSON", `request body must be a JSON object, got ${typeName(value)}`);
  }
  return value as Record<string, unknown>;
}
