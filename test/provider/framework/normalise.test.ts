/**
 * Values compare by meaning, not by spelling: timestamps as instants, null as unset, sets as sets,
 * PEM and public keys modulo whitespace, and values the service chooses read from what it reported.
 */
import { z } from "zod";
import { certificate, sshPublicKey } from "../../support/pki";
import { kinds } from "../../../provider/kinds";
import { NORMALISERS, fieldTypesOf } from "../../../provider/framework/normalise";
import { useRuntime } from "../runtime-fixture";
import { APIConnectionError, type EdgeIngress } from "../../../sdk";
import type { KindApi, KindDeclaration } from "../../../provider/framework/kind";
import { create, diff } from "../../../provider/framework/lifecycle";
import { ipRestrictionKind } from "../../../provider/kinds/ip-restriction";
import { httpsEdgeRouteKind } from "../../../provider/kinds/https-edge-route";
import { httpsEdgeKind } from "../../../provider/kinds/https-edge";
import { reservedDomainKind } from "../../../provider/kinds/reserved-domain";
import { sshUserCertificateKind } from "../../../provider/kinds/ssh-user-certificate";

const fx = useRuntime();
const P = { __provider: "serialized" };
const NO_CHANGE = { changes: false, replaces: [], deleteBeforeReplace: false };

/** No diff against the create's outputs, nor against a fresh read. */
async function expectNoDiff(kind: string, id: string, outs: Record<string, unknown>, inputs: Record<string, unknown>) {
  expect(await fx.runtime.diff(kind, id, outs, inputs)).toEqual(NO_CHANGE);
  const read = await fx.runtime.read(kind, id, outs);
  expect(await fx.runtime.diff(kind, id, read.props!, inputs)).toEqual(NO_CHANGE);
}

describe("against the emulator", () => {
  let sshCa = "";
  beforeAll(async () => {
    sshCa = (await fx.client.sshCertificateAuthorities.create({ privateKeyType: "ed25519" })).id;
  });

  it.each([
    ["fractional seconds", { validAfter: "2030-01-01T00:00:00.123Z", validUntil: "2030-01-02T00:00:00.999Z" }],
    ["an offset", { validAfter: "2030-01-01T02:00:00+02:00", validUntil: "2030-01-01T19:00:00-05:00" }],
    [
      "both, as new Date().toISOString() and a shifted zone write them",
      { validAfter: new Date(Date.UTC(2030, 0, 1, 0, 0, 0, 500)).toISOString(), validUntil: "2030-01-02T01:30:00.250+01:30" },
    ],
  ])("an SSH user certificate valid from a time with %s does not replace itself", async (_what, validity) => {
    const inputs = { ...P, sshCertificateAuthorityId: sshCa, publicKey: sshPublicKey("ed25519"), ...validity };
    const created = await fx.runtime.create("SshUserCertificate", inputs);
    expect(created.outs.validAfter).toBe("2030-01-01T00:00:00Z");
    await expectNoDiff("SshUserCertificate", created.id, created.outs, inputs);
    // Another instant is still a change.
    expect(
      await fx.runtime.diff("SshUserCertificate", created.id, created.outs, { ...inputs, validAfter: "2030-01-01T00:00:01Z" }),
    ).toMatchObject({
      replaces: ["validAfter"],
    });
  });

  it("an SSH host certificate with reordered principals and a key with another comment and spacing is the same", async () => {
    const key = sshPublicKey("ecdsa", "root@one");
    const inputs = {
      ...P,
      sshCertificateAuthorityId: sshCa,
      publicKey: key,
      principals: ["a.example.com", "b.example.com"],
      validAfter: "2030-06-01T12:00:00.5+00:00",
    };
    const created = await fx.runtime.create("SshHostCertificate", inputs);
    const [type, base64] = key.split(" ");
    const respelt = {
      ...inputs,
      publicKey: `${type}  ${base64} root@renamed\n`,
      principals: ["b.example.com", "a.example.com", "b.example.com"],
    };
    await expectNoDiff("SshHostCertificate", created.id, created.outs, respelt);
    expect(
      await fx.runtime.diff("SshHostCertificate", created.id, created.outs, { ...inputs, principals: ["a.example.com"] }),
    ).toMatchObject({
      replaces: ["principals"],
    });
  });

  it("an SSH credential's ACL is a set, and its key's comment is a label", async () => {
    const key = sshPublicKey("ed25519", "ci@one");
    const inputs = { ...P, publicKey: key, acl: ["bind:a.example.com", "bind:team=*"] };
    const created = await fx.runtime.create("SshCredential", inputs);
    await expectNoDiff("SshCredential", created.id, created.outs, {
      ...inputs,
      acl: ["bind:team=*", "bind:a.example.com"],
      publicKey: key.replace("ci@one", "ci@two"),
    });
    expect(await fx.runtime.diff("SshCredential", created.id, created.outs, { ...inputs, acl: ["bind:a.example.com"] })).toMatchObject({
      changes: true,
      replaces: [],
    });
    expect(
      await fx.runtime.diff("SshCredential", created.id, created.outs, { ...inputs, publicKey: sshPublicKey("ed25519", "ci@one") }),
    ).toMatchObject({
      replaces: ["publicKey"],
    });
  });

  it("a PEM with CRLF line endings and trailing whitespace is the same PEM, both ways", async () => {
    const { pem } = certificate({ subject: { CN: "Spelling CA" }, ca: true });
    const crlf = pem.replace(/\n/g, "\r\n") + "\r\n";
    const spaced = pem.replace(/\n/g, "  \n") + "\n\t\n";
    const fromLf = await fx.runtime.create("CertificateAuthority", { ...P, caPem: pem });
    await expectNoDiff("CertificateAuthority", fromLf.id, fromLf.outs, { ...P, caPem: crlf });
    await expectNoDiff("CertificateAuthority", fromLf.id, fromLf.outs, { ...P, caPem: spaced });
    const fromCrlf = await fx.runtime.create("CertificateAuthority", { ...P, caPem: crlf });
    await expectNoDiff("CertificateAuthority", fromCrlf.id, fromCrlf.outs, { ...P, caPem: pem });
    const other = certificate({ subject: { CN: "Other CA" }, ca: true });
    expect(await fx.runtime.diff("CertificateAuthority", fromLf.id, fromLf.outs, { ...P, caPem: other.pem })).toMatchObject({
      replaces: ["caPem"],
    });
  });

  it("an explicit null minVersion is the service's default, at the edge and upstream, and passes check as given", async () => {
    const https = { ...P, hostports: ["null-min.example.com:443"], tlsTermination: { minVersion: null } };
    const check = await fx.runtime.check("HttpsEdge", {}, https);
    expect(check).toEqual({ inputs: https, failures: [] });
    const edge = await fx.runtime.create("HttpsEdge", https);
    expect(edge.outs.tlsTermination).toEqual({ enabled: true, terminateAt: "edge", minVersion: "1.2" });
    await expectNoDiff("HttpsEdge", edge.id, edge.outs, https);
    expect((await fx.runtime.diff("HttpsEdge", edge.id, edge.outs, { ...https, tlsTermination: { minVersion: "1.3" } })).changes).toBe(
      true,
    );

    const tls = { ...P, hostports: ["null-min.example.com:8443"], tlsTermination: { terminateAt: "upstream", minVersion: null } };
    const passthrough = await fx.runtime.create("TlsEdge", tls);
    await expectNoDiff("TlsEdge", passthrough.id, passthrough.outs, tls);
  });

  it("hostports and IP policies in another order are the same; a failover order is not", async () => {
    const [p1, p2] = [(await fx.client.ipPolicies.create({})).id, (await fx.client.ipPolicies.create({})).id];
    const edge = { ...P, hostports: ["a.sets.example.com:443", "b.sets.example.com:443"], ipRestriction: { ipPolicyIds: [p1, p2] } };
    const created = await fx.runtime.create("TcpEdge", edge);
    await expectNoDiff("TcpEdge", created.id, created.outs, {
      ...edge,
      hostports: [...edge.hostports].reverse(),
      ipRestriction: { ipPolicyIds: [p2, p1] },
    });

    const restriction = { ...P, type: "dashboard", ipPolicyIds: [p1, p2] };
    const ipx = await fx.runtime.create("IpRestriction", restriction);
    await expectNoDiff("IpRestriction", ipx.id, ipx.outs, { ...restriction, ipPolicyIds: [p2, p1] });

    const [b1, b2] = [
      (await fx.client.tunnelGroupBackends.create({ labels: { a: "1" } })).id,
      (await fx.client.tunnelGroupBackends.create({ labels: { a: "2" } })).id,
    ];
    const failover = await fx.runtime.create("FailoverBackend", { ...P, backends: [b1, b2] });
    expect((await fx.runtime.diff("FailoverBackend", failover.id, failover.outs, { ...P, backends: [b2, b1] })).changes).toBe(true);
  });
});

describe("values the service chooses are read, not assumed", () => {
  const IDP = '<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://idp.example.test"/>';
  /** A route as another service reports it: its own cookie prefix, circuit breaker numbers and lifetimes. */
  const reported = {
    edgeId: "edghts_1",
    matchType: "path_prefix",
    match: "/",
    description: "",
    metadata: "",
    circuitBreaker: {
      enabled: true,
      trippedDuration: 30,
      rollingWindow: 60,
      numBuckets: 20,
      volumeThreshold: 50,
      errorThresholdPercentage: 0.25,
    },
    oauth: {
      enabled: true,
      provider: {
        github: {
          clientId: null,
          clientSecret: null,
          scopes: [],
          emailAddresses: [],
          emailDomains: [],
          teams: ["org/a", "org/b"],
          organizations: [],
        },
      },
      optionsPassthrough: false,
      cookiePrefix: "x.",
      inactivityTimeout: 3600,
      maximumDuration: 86400,
      authCheckInterval: 300,
    },
    saml: {
      enabled: true,
      optionsPassthrough: false,
      cookiePrefix: "x.",
      inactivityTimeout: 0,
      maximumDuration: 0,
      idpMetadata: IDP,
      forceAuthn: false,
      allowIdpInitiated: false,
      authorizedGroups: ["ops", "dev"],
      nameidFormat: "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent",
    },
  };
  const declared = {
    edgeId: "edghts_1",
    matchType: "path_prefix",
    match: "/",
    circuitBreaker: {},
    oauth: { provider: { github: { teams: ["org/b", "org/a"] } } },
    saml: { idpMetadata: IDP, authorizedGroups: ["dev", "ops"] },
  };

  it("an omitted cookie prefix, circuit breaker number or session lifetime matches what the service reported", () => {
    expect(diff(httpsEdgeRouteKind, "r", reported, declared)).toEqual(NO_CHANGE);
  });

  it("a given one is compared, and so is a default the spec fixes", () => {
    const given = (module: "oauth" | "saml" | "circuitBreaker", extra: object) => ({
      ...declared,
      [module]: { ...declared[module], ...extra },
    });
    expect(diff(httpsEdgeRouteKind, "r", reported, given("saml", { cookiePrefix: "ei_session." })).changes).toBe(true);
    expect(diff(httpsEdgeRouteKind, "r", reported, given("oauth", { cookiePrefix: "x." })).changes).toBe(false);
    expect(diff(httpsEdgeRouteKind, "r", reported, given("circuitBreaker", { numBuckets: 10 })).changes).toBe(true);
    const otherFormat = { ...reported, saml: { ...reported.saml, nameidFormat: "urn:oasis:names:tc:SAML:2.0:nameid-format:transient" } };
    expect(diff(httpsEdgeRouteKind, "r", otherFormat, declared).changes).toBe(true);
  });

  it("an omitted minimum TLS version matches the service's choice; null is omitted", () => {
    const outs = {
      hostports: ["a.example.com:443"],
      description: "",
      metadata: "",
      mutualTls: null,
      tlsTermination: { enabled: true, terminateAt: "edge", minVersion: "1.3" },
    };
    const inputs = { hostports: ["a.example.com:443"], tlsTermination: {} };
    expect(diff(httpsEdgeKind, "e", outs, inputs)).toEqual(NO_CHANGE);
    expect(diff(httpsEdgeKind, "e", outs, { ...inputs, tlsTermination: { minVersion: null } })).toEqual(NO_CHANGE);
    expect(diff(httpsEdgeKind, "e", outs, { ...inputs, tlsTermination: { minVersion: "1.2" } }).changes).toBe(true);
  });
});

describe("null is unset", () => {
  it("for top-level optional fields, service-chosen or not", () => {
    const outs = {
      sshCertificateAuthorityId: "sshca_1",
      publicKey: "ssh-ed25519 AAAA",
      principals: [],
      criticalOptions: {},
      extensions: { "permit-pty": "" },
      validAfter: "2030-01-01T00:00:00Z",
      validUntil: "2030-01-02T00:00:00Z",
      description: "",
      metadata: "",
    };
    const inputs = {
      sshCertificateAuthorityId: "sshca_1",
      publicKey: "ssh-ed25519 AAAA",
      principals: null,
      criticalOptions: null,
      extensions: null,
      validAfter: null,
      validUntil: null,
      description: null,
      metadata: null,
    };
    expect(diff(sshUserCertificateKind, "c", outs, inputs)).toEqual(NO_CHANGE);
  });

  it("inside an object", () => {
    const outs = {
      domain: "a.example.com",
      region: "",
      description: "",
      metadata: "",
      certificateId: null,
      certificateManagementPolicy: { authority: "letsencrypt", privateKeyType: "rsa" },
    };
    const inputs = {
      domain: "a.example.com",
      certificateId: null,
      certificateManagementPolicy: { authority: "letsencrypt", privateKeyType: null },
    };
    expect(diff(reservedDomainKind, "rd", outs, inputs)).toEqual(NO_CHANGE);
  });
});

describe("the declarations", () => {
  /** The schema at `path` inside a create schema (`*` = a map's values or any object key), or undefined. */
  function schemaAt(schema: any, path: string[]): any {
    const def = schema?._zod?.def;
    if (!def) return undefined;
    if (["optional", "nullable", "default", "readonly", "nonoptional", "catch"].includes(def.type)) return schemaAt(def.innerType, path);
    if (def.type === "pipe") return schemaAt(def.in, path);
    if (def.type === "array" && path.length === 0) return schema;
    if (path.length === 0) return schema;
    const [head, ...rest] = path;
    if (def.type === "object") {
      if (head === "*")
        return Object.values(def.shape)
          .map((s) => schemaAt(s, rest))
          .find(Boolean);
      return schemaAt(def.shape[head], rest);
    }
    if (def.type === "record" && head === "*") return schemaAt(def.valueType, rest);
    return undefined;
  }

  it("every typed path names an input of its kind, and sets are lists", () => {
    const problems: string[] = [];
    for (const decl of Object.values(kinds)) {
      for (const [path, type] of Object.entries(fieldTypesOf(decl))) {
        const at = schemaAt(decl.createSchema, path.split("."));
        if (!at) problems.push(`${decl.name}.${path}: not an input`);
        else if (type === "set" && !(at instanceof z.ZodArray)) problems.push(`${decl.name}.${path}: a set that is not a list`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("every RFC 3339 input is a timestamp", () => {
    const untyped = Object.values(kinds).flatMap((decl) =>
      Object.entries(decl.createSchema.shape)
        .filter(([, s]) => schemaAt(s, []) instanceof z.ZodISODateTime)
        .filter(([key]) => fieldTypesOf(decl)[key] !== "timestamp")
        .map(([key]) => `${decl.name}.${key}`),
    );
    expect(untyped).toEqual([]);
  });

  it("each normaliser", () => {
    expect(NORMALISERS.timestamp("2030-01-01T02:00:00.999+02:00")).toBe(NORMALISERS.timestamp("2030-01-01T00:00:00Z"));
    expect(NORMALISERS.timestamp("2030-01-01T00:00:01Z")).not.toBe(NORMALISERS.timestamp("2030-01-01T00:00:00Z"));
    expect(NORMALISERS.timestamp("not a time")).toBe("not a time");
    expect(NORMALISERS.set(["b", "a", "b"])).toEqual(["a", "b"]);
    expect(NORMALISERS.pem("-----BEGIN X-----\r\nAB\r\nCD  \r\n-----END X-----\r\n")).toBe(
      NORMALISERS.pem("-----BEGIN X-----\nABCD\n-----END X-----"),
    );
    expect(NORMALISERS.publicKey("  ssh-ed25519   AAAA   me@host\n")).toBe("ssh-ed25519 AAAA");
  });
});

describe("matching an existing resource", () => {
  it("a create whose answer was lost finds what it made although the service lists a set in another order", async () => {
    const made: any[] = [];
    const lost = new APIConnectionError(Object.assign(new Error("socket hang up"), { code: "ECONNRESET" }), {
      method: "POST",
      path: "/ip_restrictions",
    });
    const api: KindApi<any> = {
      create: async (params) => {
        // Applied, then the answer is lost; the service keeps the policies in its own order.
        const refs = [...params.ipPolicyIds].reverse().map((id: string) => ({ id, uri: "u" }));
        made.push({
          id: `ipx_set_${made.length + 1}`,
          uri: "u",
          createdAt: new Date().toISOString(),
          description: "",
          metadata: "",
          enforced: false,
          type: params.type,
          ipPolicies: refs,
        });
        throw lost;
      },
      get: async (id) => made.find((m) => m.id === id),
      update: async () => {
        throw new Error("unused");
      },
      delete: async () => undefined,
    };
    const decl: KindDeclaration = { ...ipRestrictionKind, api: () => api, listFor: async () => made };
    // The client knows the service's clock (from a Date header), so the lookup can place what it finds.
    const client = { service: { clockOffsetMs: 0, idempotencyKeys: false } } as EdgeIngress;
    const res = await create(decl, client, { type: "dashboard", ipPolicyIds: ["ipp_a", "ipp_b"] });
    expect(made.map((m) => m.id)).toEqual([res.id]);
  });
});
