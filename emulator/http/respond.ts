import type { ServerResponse } from "node:http";
import { ApiError } from "../errors";

/** Response header carrying the operation id of every request (also in error bodies). */
export const OPERATION_ID_HEADER = "Edge-Ingress-Operation-Id";

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
  });
  res.end(text);
}

export function sendNoContent(res: ServerResponse): void {
  res.writeHead(204);
  res.end();
}

/** `{error_code, status_code, msg, details: {operation_id, ...}}`; returns the body sent. */
export function sendError(res: ServerResponse, err: ApiError, operationId: string): string {
  const body = { error_code: err.code, status_code: err.status, msg: err.message, details: { operation_id: operationId, ...err.details } };
  sendJson(res, err.status, body, err.headers);
  return JSON.stringify(body);
}
