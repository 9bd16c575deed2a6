/** Pure pieces: version, case conversion, field rules, retry decisions. */
import * as fs from "node:fs";
import * as path from "node:path";
import {
  ApiKeyCreateParams,
  IpRestrictionCreateParams,
  VERSION,
  ValidationError,
  backoffDelay,
  camelCaseKeys,
  isRetryable,
  nextDelay,
  parseParams,
  parseRetryAfter,
  path as pathTag,
  snakeCaseKeys,
  wirePathToCamel,
} from "../../sdk";

describe("version", () => {
  test("VERSION equals package.json's version", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, "../../package.json"), "utf8")) as { version: string };
    expect(VERSION).toBe(pkg.version);
  });
});

describe("case conversion", () => {
  test("converts keys recursively, through arrays", () => {
    expect(
      snakeCaseKeys({ ipPolicyIds: ["ipp_1"], backend: { backendId: "bkdtg_1", enabled: true }, routes: [{ matchType: "path_prefix" }] }),
    ).toEqual({
      ip_policy_ids: ["ipp_1"],
      backend: { backend_id: "bkdtg_1", enabled: true },
      routes: [{ match_type: "path_prefix" }],
    });
    expect(camelCaseKeys({ next_page_uri: null, ip_policies: [{ id: "ipp_1", created_at: "t" }] })).toEqual({
      nextPageUri: null,
      ipPolicies: [{ id: "ipp_1", createdAt: "t" }],
    });
  });

  test("keeps user-data keys of map-valued fields in both directions", () => {
    const camel = {
      labels: { my_label: "a", otherLabel: "b" },
      requestHeaders: { add: { "X-Api_Key": "v" }, remove: ["x"] },
      criticalOptions: { "force-command": "ls", source_address: "x" },
      extensions: { permit_pty: "" },
      backends: { bkdtg_AbC: 10 },
    };
    const wire = snakeCaseKeys(camel);
    expect(wire).toEqual({
      labels: { my_label: "a", otherLabel: "b" },
      request_headers: { add: { "X-Api_Key": "v" }, remove: ["x"] },
      critical_options: { "force-command": "ls", source_address: "x" },
      extensions: { permit_pty: "" },
      backends: { bkdtg_AbC: 10 },
    });
    expect(camelCaseKeys(wire)).toEqual(camel);
  });

  test("a user-keyed name holding a list (failover backends) is converted as usual", () => {
    expect(camelCaseKeys({ backends: [{ created_at: "t" }] })).toEqual({ backends: [{ createdAt: "t" }] });
  });

  test("round-trips keys with digits", () => {
    expect(camelCaseKeys(snakeCaseKeys({ tls_1_2: 1 }))).toEqual({ tls_1_2: 1 });
  });

  test("server field paths become camelCase, user keys excepted", () => {
    expect(wirePathToCamel("ip_policy_ids[0]")).toBe("ipPolicyIds[0]");
    expect(wirePathToCamel("backend.backend_id")).toBe("backend.backendId");
    expect(wirePathToCamel("labels.team_name")).toBe("labels.team_name");
    expect(wirePathToCamel("request_headers.add.X-Request_Id")).toBe("requestHeaders.add.X-Request_Id");
    expect(wirePathToCamel("backends.bkdtg_abc")).toBe("backends.bkdtg_abc");
    expect(wirePathToCamel("backends[1]")).toBe("backends[1]");
    expect(wirePathToCamel("routes[0].ip_restriction.ip_policy_ids[0]")).toBe("routes[0].ipRestriction.ipPolicyIds[0]");
  });
});

describe("field rules", () => {
  function issue(fn: () => unknown): ValidationError {
    try {
      fn();
    } catch (err) {
      if (err instanceof ValidationError) return err;
      throw err;
    }
    throw new Error("expected a ValidationError");
  }

  test("description counts UTF-8 bytes, not characters", () => {
    expect(parseParams(ApiKeyCreateParams, { description: "é".repeat(127) + "a" })).toEqual({ description: "é".repeat(127) + "a" }); // 255 bytes
    const err = issue(() => parseParams(ApiKeyCreateParams, { description: "é".repeat(128) })); // 128 chars, 256 bytes
    expect([err.field, err.rule]).toEqual(["description", "must be at most 255 bytes (UTF-8), got 256 bytes"]);
  });

  test("metadata is limited to 4096 bytes", () => {
    expect(() => parseParams(ApiKeyCreateParams, { metadata: "m".repeat(4096) })).not.toThrow();
    const err = issue(() => parseParams(ApiKeyCreateParams, { metadata: "€".repeat(1366) })); // 4098 bytes
    expect([err.field, err.rule]).toEqual(["metadata", "must be at most 4096 bytes (UTF-8), got 4098 bytes"]);
  });

  test("issues name the camelCase path of the failing element and every issue is kept", () => {
    const err = issue(() => parseParams(IpRestrictionCreateParams, { type: "api", ipPolicyIds: ["ipp_ok1", "ipx_1"], foo: 1 }));
    expect(err.issues).toEqual(
      expect.arrayContaining([
        { field: "ipPolicyIds[1]", rule: 'must be an id starting with "ipp_"' },
        { field: "foo", rule: "is not a known field" },
      ]),
    );
  });

  test("messages never contain the rejected value", () => {
    const err = issue(() => parseParams(ApiKeyCreateParams, { ownerId: "secret-looking-value" }));
    expect(err.field).toBe("ownerId");
    expect(err.message).not.toContain("secret-looking-value");
  });

  test("the path tag encodes every parameter", () => {
    expect(pathTag`/ip_policies/${"a/b?c=d#e"}`).toBe("/ip_policies/a%2Fb%3Fc%3Dd%23e");
  });
});

describe("retry decisions", () => {
  const policy = { maxRetries: 4, maxRetryTimeMs: 60_000 };

  test.each([
    ["GET", { status: 503 }, true],
    ["PATCH", { status: 500 }, true],
    ["DELETE", { status: 429 }, true],
    ["POST", { status: 429 }, true],
    ["POST", { status: 503 }, false],
    ["POST", { status: 500 }, false],
    ["GET", { status: 404 }, false],
    ["GET", { status: 409 }, false],
    ["GET", { code: "ECONNRESET" }, true],
    ["PUT", { code: "UND_ERR_HEADERS_TIMEOUT" }, true],
    ["POST", { code: "ECONNREFUSED" }, true],
    ["POST", { code: "ENOTFOUND" }, true],
    ["POST", { code: "UND_ERR_CONNECT_TIMEOUT" }, true],
    ["POST", { code: "ECONNRESET" }, false],
    ["POST", { code: "UND_ERR_HEADERS_TIMEOUT" }, false],
    ["POST", { code: "UND_ERR_SOCKET" }, false],
    ["GET", { code: "SOMETHING_ELSE" }, false],
  ])("%s %j retryable: %s", (method, failure, expected) => {
    expect(isRetryable(method, failure)).toBe(expected);
  });

  test("Retry-After in seconds or as an HTTP date", () => {
    const now = Date.parse("2025-01-01T00:00:00Z");
    expect(parseRetryAfter("3", now)).toBe(3000);
    expect(parseRetryAfter("0", now)).toBe(0);
    expect(parseRetryAfter("Wed, 01 Jan 2025 00:00:05 GMT", now)).toBe(5000);
    expect(parseRetryAfter("Tue, 31 Dec 2024 23:59:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });

  test("backoff is full jitter under an exponential ceiling", () => {
    expect(backoffDelay(1, () => 0)).toBe(0);
    expect(backoffDelay(1, () => 0.999)).toBe(499);
    expect(backoffDelay(3, () => 0.999)).toBe(1998);
    expect(backoffDelay(20, () => 0.999)).toBe(7992); // capped at 8 s
  });

  test("Retry-After wins over backoff; attempts and total time are bounded", () => {
    expect(nextDelay("GET", { status: 503, retryAfter: "2" }, 1, 0, policy, 0)).toBe(2000);
    expect(nextDelay("GET", { status: 503 }, 5, 0, policy, 0)).toBeUndefined();
    expect(nextDelay("GET", { status: 503, retryAfter: "2" }, 1, 59_000, policy, 0)).toBeUndefined();
    expect(nextDelay("POST", { status: 503, retryAfter: "0" }, 1, 0, policy, 0)).toBeUndefined();
  });
});
