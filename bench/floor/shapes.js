// The floor's copy of the mix's property shapes (bench/mix.ts, as a `pulumi stack export` of the mix
// shows them): for each kind, the outputs that are not inputs, with values of the same form and size as
// the emulator's, the kind's id form, and its secret properties. The benchmark compares the property
// names of both stacks' state after every create and records any difference (`shapeMismatches`).
"use strict";
const { randomBytes } = require("node:crypto");

const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
/** A made-up id in the service's form: prefix, underscore, 26 characters. */
const madeUpId = (prefix) => `${prefix}_${Array.from(randomBytes(26), (b) => ALPHABET[b & 31]).join("")}`;
const createdAt = () => new Date().toISOString().slice(0, 19) + "Z";
const uri = (path, id) => `http://127.0.0.1:40000/${path}/${id}`;

/** kind → { id(inputs), extra(id, inputs): outputs that are not inputs, secrets: secret properties }. */
const shapes = {
  IpPolicy: { prefix: "ipp", path: "ip_policies", extra: () => ({ rules: null, ruleIds: null }) },
  IpRestriction: { prefix: "ipx", path: "ip_restrictions", extra: () => ({ enforced: false }) },
  TunnelGroupBackend: { prefix: "bkdtg", path: "backends/tunnel_group", extra: () => ({ tunnelIds: [] }) },
  // The mix declares the backends as a list, the service's form is a map (`__spelled` keeps the list).
  WeightedBackend: { prefix: "bkdwd", path: "backends/weighted", spelled: (inputs) => ({ backends: inputs.backends }) },
  ReservedDomain: {
    prefix: "rd",
    path: "reserved_domains",
    extra: () => ({
      acmeChallengeCnameTarget: null,
      certificateId: null,
      certificateManagementPolicy: null,
      certificateManagementStatus: null,
      cnameTarget: `${randomBytes(8).toString("hex")}.cname.edge-ingress.app`,
      issuedCertificateId: null,
      region: "",
    }),
  },
  HttpsEdge: {
    prefix: "edghts",
    path: "edges/https",
    // Without inline routes: no owned routes, their ids, or their secret modules.
    extra: () => ({ mutualTls: null, routes: null, routeIds: null, routeSecretModules: null }),
    // The mix declares a partial module, which the package records as declared (`__spelled`).
    spelled: (inputs) => ({ tlsTermination: inputs.tlsTermination }),
  },
  HttpsEdgeRoute: {
    prefix: "edghtsrt",
    path: "edges/https",
    // The id is `<edge id>/<route id>`, and its URI the route's under the edge.
    id: (inputs) => `${inputs.edgeId}/${madeUpId("edghtsrt")}`,
    uri: (id) => uri(`edges/https/${id.split("/")[0]}/routes`, id.split("/")[1]),
    extra: (id) => ({
      compression: null,
      jwtValidation: null,
      oauth: null,
      oidc: null,
      responseHeaders: null,
      routeId: id.split("/")[1],
      saml: null,
      samlServiceProvider: null,
      userAgentFilter: null,
      webhookVerification: null,
      websocketTcpConverter: null,
    }),
    secrets: ["oauth", "webhookVerification"],
  },
  TcpEdge: { prefix: "edgtcp", path: "edges/tcp" },
  EventDestination: { prefix: "ed", path: "event_destinations", extra: () => ({ format: "json" }), secrets: ["target"] },
  EventSubscription: { prefix: "esb", path: "event_subscriptions" },
};

/** The outputs a create of `kind` returns besides its inputs, and its id. */
function made(kind, inputs) {
  const s = shapes[kind];
  if (!s) throw new Error(`floor: no shape for kind ${kind}`);
  const id = s.id ? s.id(inputs) : madeUpId(s.prefix);
  const outs = { createdAt: createdAt(), metadata: "", uri: s.uri ? s.uri(id) : uri(s.path, id), ...(s.extra ? s.extra(id) : {}) };
  // What the package records of every write: the declared input names, and declared values it spells otherwise.
  outs.__declared = Object.keys(inputs)
    .filter((k) => k !== "__provider")
    .sort();
  if (s.spelled) outs.__spelled = s.spelled(inputs);
  return { id, outs };
}

/** The output-only property names of `kind` (declared by the program so it can read them). */
const outputNames = (kind) => Object.keys(made(kind, { edgeId: "e" }).outs);
const secretNames = (kind) => [...(shapes[kind].secrets ?? []), ...(shapes[kind].spelled ? ["__spelled"] : [])];

module.exports = { kinds: Object.keys(shapes), made, outputNames, secretNames };
