/** Shared setup for the per-kind tests: one emulator per test file, clients on it, assertion helpers. */
import { startEmulator, type EmulatorOptions, type RunningEmulator as Running } from "../../emulator";
import type { Store } from "../../emulator/state/store";
import { APIError, EdgeIngress, ValidationError } from "../../sdk";
import { rejection } from "../support/assert";
import { seedCertificateAuthority, startWithStore } from "../emulator/support";

export interface EmulatorFixture {
  /** A client holding the emulator's root (admin) token. */
  readonly client: EdgeIngress;
  readonly url: string;
  /** A client with another token (closed after the file's tests). */
  clientWith(apiKey: string): EdgeIngress;
}

/** One emulator for the file; `options` as the emulator takes them (e.g. a shorter provisioning delay). */
export function useEmulator(options: EmulatorOptions = {}): EmulatorFixture {
  return fixture(async () => ({ emulator: await startEmulator({ ...options, port: 0 }) }));
}

/**
 * An emulator whose store the test holds, to seed kinds that have no operations yet: certificate
 * authorities (their operations arrive with a later kind; mutual TLS modules need existing ones).
 */
export function useEmulatorWithStore(): EmulatorFixture & { seedCertificateAuthority(): string } {
  let store: Store | undefined;
  const base = fixture(async () => {
    const started = await startWithStore();
    store = started.store;
    return { emulator: started.emulator };
  });
  return Object.assign(base, {
    seedCertificateAuthority() {
      if (!store) throw new Error("emulator not started");
      return seedCertificateAuthority(store);
    },
  });
}

function fixture(start: () => Promise<{ emulator: Running }>): EmulatorFixture {
  let emulator: Running | undefined;
  let root: EdgeIngress | undefined;
  const extra: EdgeIngress[] = [];
  beforeAll(async () => {
    ({ emulator } = await start());
    root = new EdgeIngress({ apiKey: emulator.rootToken, baseURL: emulator.url, maxRetries: 0 });
  });
  afterAll(async () => {
    await Promise.all([root, ...extra].map((c) => c?.close()));
    await emulator?.close();
  });
  return {
    get client() {
      if (!root) throw new Error("emulator not started");
      return root;
    },
    get url() {
      if (!emulator) throw new Error("emulator not started");
      return emulator.url;
    },
    clientWith(apiKey: string) {
      const c = new EdgeIngress({ apiKey, baseURL: this.url, maxRetries: 0 });
      extra.push(c);
      return c;
    },
  };
}

/** Client-side validation: nothing is sent, the error names the camelCase field and the rule. */
export async function expectInvalid(promise: Promise<unknown>, field: string, rule: string): Promise<void> {
  const err = await rejection(promise);
  expect(err).toBeInstanceOf(ValidationError);
  expect({ field: (err as ValidationError).field, rule: (err as ValidationError).rule }).toEqual({ field, rule });
}

/** A service error: class, error code and, when given, the field it names (camelCase). */
export async function expectApiError(promise: Promise<unknown>, Class: typeof APIError, errorCode: string, field?: string): Promise<APIError> {
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
  count = 250,
  limit = 100,
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
