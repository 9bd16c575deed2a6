/**
 * Errors that point: the engine prints a failure's property as a top-level input's value (it reads no
 * deeper path), so a failure inside a list or object names no property and its reason leads with the
 * element's own path; one about a top-level value itself names that input, unless it is secret or a
 * list or object. A bad element of a 1000-rule policy is one short reason, and no value is in it.
 */
import { declarationOf } from "../../../provider/kinds";
import { check } from "../../../provider/framework/lifecycle";
import { badRowOfThousand, ruleRows as rules } from "../../support/constraints";

const failures = (kind: string, news: Record<string, unknown>) => check(declarationOf(kind), {}, news).failures ?? [];

describe("a bad element of a list or object is named by its own path", () => {
  test("inline rules: row 5 of 1000 with a /33, its path and rule only", () => {
    const { rules: policy, reason } = badRowOfThousand();
    expect(failures("IpPolicy", { rules: policy })).toEqual([{ property: "", reason }]);
    expect(reason).toBe("rules[5].cidr: prefix length 33 is over 32 for IPv4");
  });

  test("inline rules: a misspelt key and a rule declared twice, each by its element's path", () => {
    const policy = rules(3);
    const found = failures("IpPolicy", { rules: [...policy, { ...policy[1] }, { cidr: "192.0.2.0/24", action: "allow", colour: "red" }] });
    expect(found).toEqual([
      { property: "", reason: "rules[4].colour: is not a known field" },
      { property: "", reason: expect.stringMatching(/^rules\[3\]\.cidr: is the cidr of rules\[1\] again/) },
    ]);
  });

  test("inline routes: a module field of the second route, and no secret of the route in the reason", () => {
    const secret = "whsec-check-must-not-print-4471";
    const found = failures("HttpsEdge", {
      hostports: ["web.example.com:443"],
      routes: [
        { matchType: "path_prefix", match: "/" },
        {
          matchType: "path_prefix",
          match: "/hooks",
          circuitBreaker: { numBuckets: 129 },
          webhookVerification: { provider: "not-a-provider", secret },
        },
      ],
    });
    expect(found.map((f) => f.property)).toEqual(["", ""]);
    expect(found.map((f) => f.reason)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^routes\[1\]\.circuitBreaker\.numBuckets: .*at most 128/),
        expect.stringMatching(/^routes\[1\]\.webhookVerification\.provider: must be one of/),
      ]),
    );
    expect(JSON.stringify(found)).not.toContain(secret);
  });

  test("a nested map and a list inside an object: the entry's and the element's paths", () => {
    expect(failures("WeightedBackend", { backends: { bkdtg_a1: 10001, bkdwd_a2: 1 } })).toEqual([
      { property: "", reason: expect.stringMatching(/^backends\.bkdtg_a1: .*at most 10000/) },
    ]);
    expect(
      failures("TlsEdge", { hostports: ["tls.example.com:443"], mutualTls: { certificateAuthorityIds: ["ca_a1", "ipp_a2"] } }),
    ).toEqual([{ property: "", reason: expect.stringMatching(/^mutualTls\.certificateAuthorityIds\[1\]: .*"ca_"/) }]);
  });

  test("a list element at the top level: ipPolicyIds[1], not the list", () => {
    expect(failures("IpRestriction", { type: "api", ipPolicyIds: ["ipp_a1", "ak_a2"] })).toEqual([
      { property: "", reason: expect.stringMatching(/^ipPolicyIds\[1\]: /) },
    ]);
  });
});

describe("a failure about a top-level value itself", () => {
  test("names the input, so the engine prints its value beside the reason", () => {
    expect(failures("IpRestriction", { type: "web", ipPolicyIds: ["ipp_a1"] })).toEqual([
      { property: "type", reason: expect.stringMatching(/^type: /) },
    ]);
    expect(failures("IpRestriction", { type: "api" })).toEqual([
      { property: "ipPolicyIds", reason: expect.stringMatching(/^ipPolicyIds: /) },
    ]);
    expect(failures("IpPolicy", { rules: "10.0.0.0/8" })).toEqual([{ property: "rules", reason: "rules: must be a list" }]);
  });

  test("names no property for a list, however long, nor for a secret input", () => {
    const found = failures("FailoverBackend", { backends: [] });
    expect(found).toEqual([{ property: "", reason: expect.stringMatching(/^backends: /) }]);
    const key = "not-a-pem-but-a-secret-9921";
    const cert = failures("TlsCertificate", { certificatePem: "x", privateKeyPem: key });
    expect(cert.find((f) => f.reason.startsWith("privateKeyPem"))).toEqual({ property: "", reason: expect.not.stringContaining(key) });
  });
});
