/**
 * What the API reference's examples send: each resource's create and update bodies (its rules' own
 * `reference`), one PUT body per module (a new module's example goes in `module` below), and the
 * certificates and keys they name, made fresh for each run.
 */
import { generateKeyPairSync } from "node:crypto";
import type { Method } from "../emulator/http/router";
import { ROUTES_BY_RESOURCE, ROUTES } from "../emulator/routes";
import type { ExampleContext, KindReference } from "../emulator/state/rules";
import { buildCertificatePem } from "../emulator/x509";
import { key, moduleOf, referenceOf, resources } from "./api-routes";

/** Ids the examples made, by the collection pattern that made them (`/ip_policies`, `/edges/https/{edge_id}/routes`). */
export type Ids = (collection: string) => string;

export type Fixtures = Omit<ExampleContext, "id" | "common">;

const SAML_METADATA = '<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://idp.example.com/metadata"/>';

/** One request body per route that takes one: each resource's own examples, and one per module; `ids` names what an earlier example made. */
export function exampleBodies(fx: Fixtures): Record<string, (ids: Ids) => Record<string, unknown>> {
  const common = { description: "example", metadata: '{"team":"edge"}' };
  const module = {
    backend: (ids: Ids) => ({ backend_id: ids("/backends/tunnel_group") }),
    ip_restriction: (ids: Ids) => ({ ip_policy_ids: [ids("/ip_policies")] }),
    mutual_tls: (ids: Ids) => ({ certificate_authority_ids: [ids("/certificate_authorities")] }),
    tls_termination: () => ({ min_version: "1.3" }),
    circuit_breaker: () => ({ volume_threshold: 50, error_threshold_percentage: 0.25 }),
    compression: () => ({ enabled: true }),
    request_headers: () => ({ add: { "X-Request-Source": "edge" }, remove: ["X-Debug"] }),
    response_headers: () => ({ add: { "Strict-Transport-Security": "max-age=31536000" }, remove: ["Server"] }),
    webhook_verification: () => ({ provider: "CODEHOST", secret: "example-webhook-secret" }),
    oauth: () => ({ provider: { google: { email_domains: ["example.com"] } } }),
    saml: () => ({ idp_metadata: SAML_METADATA }),
    oidc: () => ({ enabled: true }),
    websocket_tcp_converter: () => ({ enabled: true }),
    user_agent_filter: () => ({ enabled: true }),
    jwt_validation: () => ({ enabled: true }),
  };
  const bodies: Record<string, (ids: Ids) => Record<string, unknown>> = {};
  for (const resource of resources()) {
    const reference = referenceOf(resource);
    const byMethod: Partial<Record<Method, KindReference["create"]>> = { POST: reference.create, PATCH: reference.update };
    for (const route of ROUTES_BY_RESOURCE[resource]) {
      const make = moduleOf(route) ? undefined : byMethod[route.method];
      if (make) bodies[key(route)] = (ids) => make({ ...fx, id: ids, common });
    }
  }
  for (const route of ROUTES) {
    const name = moduleOf(route);
    if (route.method === "PUT" && name) bodies[key(route)] = module[name as keyof typeof module];
  }
  return bodies;
}

export function fixtures(): Fixtures {
  const now = Date.now();
  const day = 86_400_000;
  const ca = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const caPem = buildCertificatePem({
    subject: { common_name: "Example Client CA" },
    publicKey: ca.publicKey,
    signingKey: ca.privateKey,
    notBefore: new Date(now - day),
    notAfter: new Date(now + 365 * day),
    ca: true,
    keyUsages: ["cert_sign", "crl_sign"],
  });
  const leaf = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const certificatePem = buildCertificatePem({
    subject: { common_name: "app.example.com" },
    publicKey: leaf.publicKey,
    signingKey: leaf.privateKey,
    notBefore: new Date(now - day),
    notAfter: new Date(now + 90 * day),
    keyUsages: ["digital_signature"],
    extendedKeyUsages: ["server_auth"],
    dnsNames: ["app.example.com"],
  });
  const privateKeyPem = leaf.privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  const ssh = generateKeyPairSync("ed25519");
  const raw = ssh.publicKey.export({ type: "spki", format: "der" }).subarray(-32);
  const name = Buffer.from("ssh-ed25519");
  const blob = Buffer.concat([u32(name.length), name, u32(raw.length), raw]);
  return { caPem, certificatePem, privateKeyPem, sshPublicKey: `ssh-ed25519 ${blob.toString("base64")} deploy@example.com` };
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}
