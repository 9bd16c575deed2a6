/**
 * Edge and route modules (spec §2.3, §2.6, §2.18, §2.19; the choices the spec leaves open are in
 * docs/api-choices.md): every module's request schema, strict so that a provider can check it at
 * preview time, and its response schema, tolerant of fields the service may add. A module's request
 * and response shapes differ (`backendId` in, `backend: Ref` out). Here the modules edges have and each
 * edge kind's module set; the modules only routes have, and the routes' set, are in ./route-modules.ts
 * (the login modules in ./login-modules.ts).
 */
import { z } from "zod";
import { Ref, backendId, idList, moduleParams, nullable, oneOf } from "../core/fields";
import { enabled, enabledOut, issue, mod } from "../core/module-fields";
import type { ModuleSchemas, ModuleSet } from "../core/resource";
import { ipPoliciesIdPrefix } from "./ip-policy";
import { certificateAuthoritiesIdPrefix } from "./certificate-authority";
import type * as types from "../types";

// --- backend ---------------------------------------------------------------------------------

/** @internal */
export const BackendModuleParams = moduleParams({
  enabled,
  backendId: backendId.describe(
    "The id of the backend that receives the traffic: a tunnel group (`bkdtg_`), weighted (`bkdwd_`), failover (`bkdfo_`) or HTTP-response (`bkdhr_`) backend. It must exist, and cannot be deleted while a module names it.",
  ),
});
export type BackendModuleParams = types.BackendModuleParams;
/** @internal */
export const BackendModule = z.object({
  enabled: enabledOut,
  backend: Ref.describe("The backend that receives the traffic."),
});
export type BackendModule = types.BackendModule;

// --- ip_restriction --------------------------------------------------------------------------

/** @internal */
export const IpRestrictionModuleParams = moduleParams({
  enabled,
  ipPolicyIds: idList(ipPoliciesIdPrefix).describe(
    "The ids (`ipp_`) of the IP policies whose rules decide which client IP addresses get through: at least one, each existing, none repeated.",
  ),
});
export type IpRestrictionModuleParams = types.IpRestrictionModuleParams;
/** @internal */
export const IpRestrictionModule = z.object({
  enabled: enabledOut,
  ipPolicies: z
    .array(Ref)
    .describe(
      "The IP policies applied to client IP addresses. A policy deleted since stays listed and then acts as a policy with no rules.",
    ),
});
export type IpRestrictionModule = types.IpRestrictionModule;

// --- mutual_tls ------------------------------------------------------------------------------

/** @internal */
export const MutualTlsModuleParams = moduleParams({
  enabled,
  certificateAuthorityIds: idList(certificateAuthoritiesIdPrefix).describe(
    "The ids (`ca_`) of the certificate authorities that the client's TLS certificate is validated against: at least one, each existing, none repeated. An authority cannot be deleted while a module names it.",
  ),
});
export type MutualTlsModuleParams = types.MutualTlsModuleParams;
/** @internal */
export const MutualTlsModule = z.object({
  enabled: enabledOut,
  certificateAuthorities: z.array(Ref).describe("The certificate authorities that the client's TLS certificate is validated against."),
});
export type MutualTlsModule = types.MutualTlsModule;

// --- tls_termination -------------------------------------------------------------------------

export const TERMINATE_AT = ["edge", "upstream"] as const;
export const TLS_VERSIONS = ["1.0", "1.1", "1.2", "1.3"] as const;
/** What the service picks when `minVersion` is unset and TLS ends at the edge. */
export const DEFAULT_MIN_VERSION = "1.2";
const minVersion = oneOf(TLS_VERSIONS).nullable().optional();

/** @internal */
export const TlsTerminationModuleParams = moduleParams({
  enabled,
  terminateAt: oneOf(TERMINATE_AT)
    .optional()
    .describe(
      "Where TLS ends: `edge` (the service terminates it; the default) or `upstream` (TLS passes through to the agent or application server). With `upstream`, `minVersion` must be null or absent, and the edge may have no mutual TLS module.",
    ),
  minVersion: minVersion.describe(
    `The lowest TLS version accepted, also advertised in the handshake. Absent or null with \`edge\`: the service's default, "${DEFAULT_MIN_VERSION}"; must be null or absent with \`upstream\`.`,
  ),
})
  .superRefine((v, ctx) => {
    if (v.terminateAt === "upstream" && v.minVersion != null) issue(ctx, ["minVersion"], "must be null when terminateAt is upstream");
  })
  .describe(
    "The TLS termination module's config of a TLS edge, as a request sets it. TLS edges: TLS may pass through (`upstream`), and then the service has no version to enforce.",
  );
export type TlsTerminationModuleParams = types.TlsTerminationModuleParams;

/** @internal */
export const HttpsTlsTerminationModuleParams = moduleParams({
  enabled,
  minVersion: minVersion.describe(
    `The lowest TLS version accepted, also advertised in the handshake. Absent or null: the service's default, "${DEFAULT_MIN_VERSION}".`,
  ),
}).describe(
  "The TLS termination module's config of an HTTPS edge, as a request sets it. HTTPS edges always terminate at the edge, so only the version is set.",
);
export type HttpsTlsTerminationModuleParams = types.HttpsTlsTerminationModuleParams;

/** @internal */
export const TlsTerminationModule = z.object({
  enabled: enabledOut,
  terminateAt: z
    .string()
    .describe("Where TLS ends: `edge` (the service terminates it) or `upstream` (it passes through); always `edge` on an HTTPS edge."),
  minVersion: nullable(z.string()).describe(
    "The lowest TLS version accepted (`1.0` to `1.3`), also advertised in the handshake; null when TLS passes through to the upstream.",
  ),
});
export type TlsTerminationModule = types.TlsTerminationModule;

// --- the modules of each edge kind-------------------------------------------------------------

const backendModule = mod(
  BackendModuleParams,
  BackendModule,
  "The backend module: the backend (tunnel group, weighted, failover or HTTP-response) that receives the traffic.",
);
const ipRestrictionModule = mod(
  IpRestrictionModuleParams,
  IpRestrictionModule,
  "The IP restriction module: IP policies decide which client IP addresses get through.",
);
const mutualTlsModule = mod(
  MutualTlsModuleParams,
  MutualTlsModule,
  "The mutual TLS module: the client's TLS certificate is validated against the listed certificate authorities.",
);

/** @internal */
export const TcpEdgeModules = {
  backend: backendModule,
  ipRestriction: ipRestrictionModule,
} satisfies ModuleSet;
export type TcpEdgeModules = types.TcpEdgeModules;

/** @internal */
export const TlsEdgeModules = {
  ...TcpEdgeModules,
  mutualTls: mutualTlsModule,
  tlsTermination: mod(
    TlsTerminationModuleParams,
    TlsTerminationModule,
    "The TLS termination module: whether TLS ends at the edge or passes through to the upstream, and the lowest TLS version accepted.",
  ),
} satisfies ModuleSet;
export type TlsEdgeModules = types.TlsEdgeModules;

/** @internal */
export const HttpsEdgeModules = {
  mutualTls: mutualTlsModule,
  tlsTermination: mod(
    HttpsTlsTerminationModuleParams,
    TlsTerminationModule,
    "The TLS termination module: the lowest TLS version accepted (an HTTPS edge always terminates TLS at the edge).",
  ),
} satisfies ModuleSet;
export type HttpsEdgeModules = types.HttpsEdgeModules;

export type TcpEdgeModuleName = keyof TcpEdgeModules;
export type TlsEdgeModuleName = keyof TlsEdgeModules;
export type HttpsEdgeModuleName = keyof HttpsEdgeModules;

type ModuleRequestFields<M extends ModuleSet> = { [K in keyof M]: z.ZodOptional<M[K]["params"]> };
type ModuleResponseFields<M extends ModuleSet> = { [K in keyof M]: z.ZodDefault<z.ZodNullable<M[K]["model"]>> };

/** A module field's doc: what the module does (its set's), then what absence or null means there. */
function moduleFieldDoc(m: ModuleSchemas, meaning: string): string {
  return m.description ? `${m.description} ${meaning}` : meaning;
}

/** An edge's or route's create/update fields for its modules: absent leaves a module unchanged. @internal */
export function moduleRequestFields<M extends ModuleSet>(modules: M): ModuleRequestFields<M> {
  const meaning =
    "Absent: unchanged (not set, on create); given: replaces the whole module; null is refused (remove a module with deleteModule).";
  return Object.fromEntries(
    Object.entries(modules).map(([name, m]) => [name, m.params.optional().describe(moduleFieldDoc(m, meaning))]),
  ) as ModuleRequestFields<M>;
}

/** An edge's or route's response fields for its modules: every one present, null when unset. @internal */
export function moduleResponseFields<M extends ModuleSet>(modules: M): ModuleResponseFields<M> {
  return Object.fromEntries(
    Object.entries(modules).map(([name, m]) => [name, nullable(m.model).describe(moduleFieldDoc(m, "Null when the module is not set."))]),
  ) as ModuleResponseFields<M>;
}
