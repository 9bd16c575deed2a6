/** Assertions of the sdk tests against the emulator (started with test/support/emulator.ts). */
import { APIError, ValidationError } from "../../sdk";
import { rejection } from "../support/assert";

/** Client-side validation: nothing is sent, the error names the camelCase field and the rule. */
export async function expectInvalid(promise: Promise<unknown>, field: string, rule: string): Promise<void> {
  const err = await rejection(promise);
  expect(err).toBeInstanceOf(ValidationError);
  expect({ field: (err as ValidationError).field, rule: (err as ValidationError).rule }).toEqual({ field, rule });
}

/** A service error: class, error code and, when given, the field it names (camelCase). */
export async function expectApiError(
  promise: Promise<unknown>,
  Class: typeof APIError,
  errorCode: string,
  field?: string,
): Promise<APIError> {
  const err = await rejection(promise);
  expect(err).toBeInstanceOf(Class);
  expect((err as APIError).errorCode).toBe(errorCode);
  expect((err as APIError).operationId).toEqual(expect.any(String));
  if (field !== undefined) expect((err as APIError).details.field).toBe(field);
  return err as APIError;
}

/**
 * Creates `count` items and checks that list() follows next_page_uri across pages of `limit`, yielding
 * every created item exactly once.
 */
export async function expectPagination(
  create: (i: number) => Promise<{ id: string }>,
  list: (limit: number) => AsyncIterable<{ id: string }> & { pages(): AsyncIterable<{ items: readonly { id: string }[] }> },
  count = 5,
  limit = 2,
): Promise<void> {
  const created = new Set<string>();
  for (let i = 0; i < count; i++) created.add((await create(i)).id);

  const seen: string[] = [];
  const pageSizes: number[] = [];
  for await (const page of list(limit).pages()) {
    pageSizes.push(page.items.length);
    seen.push(...page.items.map((item) => item.id));
  }
  expect(new Set(seen).size).toBe(seen.length);
  expect([...created].filter((id) => !seen.includes(id))).toEqual([]);
  expect(pageSizes.length).toBe(Math.ceil(seen.length / limit));
  expect(pageSizes.slice(0, -1).every((n) => n === limit)).toBe(true);

  const viaItems: string[] = [];
  for await (const item of list(limit)) viaItems.push(item.id);
  expect(viaItems).toEqual(seen);
}
