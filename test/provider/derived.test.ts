/**
 * The provider's enum unions, module types, inline-route types and module lists are the sdk's, derived
 * (provider/types.ts, provider/modules.ts, the kinds' own types), never written again: these fail when
 * one is restated by hand or stops matching what the sdk declares.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";
import { SamlModule, SamlModuleParams } from "../../sdk/resources/login-modules";
import { HttpsEdgeModules, TcpEdgeModules, TlsEdgeModules } from "../../sdk/resources/modules";
import { HttpsEdgeRouteModules } from "../../sdk/resources/route-modules";
import { kinds } from "../../provider/kinds";
import { MODULES, ROUTE_MODULES, SAML_SERVICE_PROVIDER_FIELDS } from "../../provider/modules";
import type * as sdk from "../../sdk/types";
import type { EventResourceName, EventTypeName } from "../../provider/kinds/event-source";
import type { KeyType, SshEllipticCurve } from "../../provider/kinds/ssh-certificate-authority";
import type { ReservedDomainRegion } from "../../provider/kinds/reserved-domain";
import type { HttpsEdgeInlineRoute, HttpsEdgeInlineRouteSecrets } from "../../provider/kinds/https-edge";
import type {
  OAuthModuleArgs,
  RouteModule,
  RouteModuleArgs,
  RouteModuleName,
  SamlServiceProvider,
  TlsTerminationModule,
} from "../../provider/types";

const ROOT = path.join(__dirname, "..", "..");
const PROVIDER_FILES = [
  "provider/types.ts",
  "provider/modules.ts",
  ...fs
    .readdirSync(path.join(ROOT, "provider", "kinds"))
    .filter((f) => f.endsWith(".ts") && f !== "index.ts")
    .map((f) => `provider/kinds/${f}`),
];

/** A type written as literals only (`"a" | "b"`, `"json"`): an enum the sdk already declares. */
const isLiteralUnion = (node: ts.TypeNode): boolean =>
  ts.isLiteralTypeNode(node) ||
  (ts.isUnionTypeNode(node) && node.types.every((t) => ts.isLiteralTypeNode(t) && !(t.literal.kind === ts.SyntaxKind.NullKeyword)));

test("the provider declares no enum union of its own: each is the sdk's", () => {
  const restated: string[] = [];
  for (const file of PROVIDER_FILES) {
    const source = ts.createSourceFile(file, fs.readFileSync(path.join(ROOT, file), "utf8"), ts.ScriptTarget.ES2022, true);
    for (const node of source.statements)
      if (ts.isTypeAliasDeclaration(node) && isLiteralUnion(node.type)) restated.push(`${file}: ${node.name.text}`);
  }
  expect(restated).toEqual([]);
});

test("no module type is written out in the provider: each is derived from the sdk's request type", () => {
  const written: string[] = [];
  for (const file of PROVIDER_FILES) {
    const source = ts.createSourceFile(file, fs.readFileSync(path.join(ROOT, file), "utf8"), ts.ScriptTarget.ES2022, true);
    for (const node of source.statements)
      if (ts.isInterfaceDeclaration(node) && /Module(Args)?$|OAuthProvider|InlineRoute/.test(node.name.text))
        written.push(`${file}: ${node.name.text}`);
  }
  expect(written).toEqual([]);
});

test("the provider's module rules cover exactly the sdk's modules", () => {
  const sdkModules = new Set([TcpEdgeModules, TlsEdgeModules, HttpsEdgeModules, HttpsEdgeRouteModules].flatMap((set) => Object.keys(set)));
  expect(Object.keys(MODULES).sort()).toEqual([...sdkModules].sort());
  expect(ROUTE_MODULES).toEqual(Object.keys(HttpsEdgeRouteModules));
});

test("each edge and route kind has the modules of its sdk module set, as fields and as modules", () => {
  const sets = { TcpEdge: TcpEdgeModules, TlsEdge: TlsEdgeModules, HttpsEdge: HttpsEdgeModules, HttpsEdgeRoute: HttpsEdgeRouteModules };
  for (const [kind, set] of Object.entries(sets)) {
    const decl = kinds[kind];
    expect({ kind, modules: Object.keys(decl.modules ?? {}).sort() }).toEqual({ kind, modules: Object.keys(set).sort() });
    for (const name of Object.keys(set))
      expect({ kind, name, input: Boolean(decl.fields[name]?.input) }).toEqual({ kind, name, input: true });
  }
});

test("an inline route's credential-holding modules are the route's secret module fields", () => {
  const route = kinds.HttpsEdgeRoute;
  const secret = ROUTE_MODULES.filter((m) => route.fields[m].secret);
  expect(secret.length).toBeGreaterThan(0);
  expect(kinds.HttpsEdge.owns?.routes.secrets?.fields).toEqual(secret);
  expect(route.secretInputs).toEqual(expect.arrayContaining(secret));
});

test("the SAML service-provider fields are the answer's fields a request cannot set", () => {
  expect(SAML_SERVICE_PROVIDER_FIELDS).toContain("entityId");
  expect(SAML_SERVICE_PROVIDER_FIELDS).toContain("idpMetadataUrl");
  for (const field of SAML_SERVICE_PROVIDER_FIELDS) {
    expect(Object.keys(SamlModule.shape)).toContain(field);
    expect(Object.keys(SamlModuleParams.shape)).not.toContain(field);
  }
});

// Compile-time: `npm run typecheck` fails when a derivation stops giving what the provider promises.
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;
type NotWide<T> = string extends T ? false : [T] extends [never] ? false : true;
export type Checks = [
  Expect<NotWide<EventResourceName>>,
  Expect<Equal<`${EventResourceName}_${"created" | "updated" | "deleted"}.v0`, EventTypeName>>,
  Expect<Equal<KeyType, sdk.SshCertificateAuthorityCreateParams["privateKeyType"]>>,
  Expect<NotWide<KeyType>>,
  Expect<NotWide<SshEllipticCurve>>,
  Expect<NotWide<ReservedDomainRegion>>,
  Expect<Equal<RouteModuleArgs<"oauth">, OAuthModuleArgs>>,
  // Outputs in the input shape: every field present, nothing undefined.
  Expect<Equal<keyof TlsTerminationModule, keyof sdk.TlsTerminationModuleParams>>,
  Expect<Equal<TlsTerminationModule["minVersion"], NonNullable<sdk.TlsTerminationModuleParams["minVersion"]> | null>>,
  Expect<Equal<RouteModule<"oauth">, sdk.OAuthModule>>,
  Expect<Equal<keyof SamlServiceProvider, Exclude<keyof sdk.SamlModule, keyof sdk.SamlModuleParams>>>,
  Expect<
    Equal<
      keyof HttpsEdgeInlineRouteSecrets,
      { [M in RouteModuleName]: (typeof MODULES)[M] extends { secret: true } ? M : never }[RouteModuleName]
    >
  >,
  Expect<Equal<keyof HttpsEdgeInlineRoute | keyof HttpsEdgeInlineRouteSecrets, Exclude<keyof sdk.HttpsEdgeRouteCreateParams, never>>>,
];
