/**
 * The benchmark's stack: N resources in groups of ten, each group one service as a user would declare
 * it, with dependencies up to three deep (backend → weighted backend → route). Read by the generic
 * program harness/edges (`{resources: [{kind, name, args}]}`, "@name" = that resource's id).
 */
export interface Res {
  kind: string;
  name: string;
  args: Record<string, unknown>;
}

/** One service, numbered g; `touched` marks the one resource (of ten) whose description changes. */
function service(g: number, touched: number | undefined): Res[] {
  const group: Res[] = [
    { kind: "IpPolicy", name: `policy-${g}`, args: {} },
    { kind: "IpRestriction", name: `restriction-${g}`, args: { type: "endpoints", ipPolicyIds: [`@policy-${g}`] } },
    { kind: "TunnelGroupBackend", name: `tunnels-${g}`, args: { labels: { app: `svc-${g}` } } },
    { kind: "WeightedBackend", name: `weighted-${g}`, args: { backends: { [`@tunnels-${g}`]: 100 } } },
    { kind: "ReservedDomain", name: `domain-${g}`, args: { domain: `svc-${g}.example.com` } },
    { kind: "HttpsEdge", name: `web-${g}`, args: { hostports: [`svc-${g}.example.com:443`], tlsTermination: { minVersion: "1.3" } } },
    {
      kind: "HttpsEdgeRoute",
      name: `api-${g}`,
      args: {
        edgeId: `@web-${g}`,
        matchType: "path_prefix",
        match: "/api",
        backend: { backendId: `@weighted-${g}` },
        ipRestriction: { ipPolicyIds: [`@policy-${g}`] },
        circuitBreaker: { numBuckets: 32 },
        requestHeaders: { add: { "x-service": `svc-${g}` } },
      },
    },
    {
      kind: "TcpEdge",
      name: `tcp-${g}`,
      args: {
        hostports: [`tcp-${g}.example.com:${10000 + g}`],
        backend: { backendId: `@tunnels-${g}` },
        ipRestriction: { ipPolicyIds: [`@policy-${g}`] },
      },
    },
    {
      kind: "EventDestination",
      name: `dest-${g}`,
      args: { target: { logs: { logGroupResourceName: `svc-${g}`, auth: { role: { roleResourceName: "events" } } } } },
    },
    { kind: "EventSubscription", name: `sub-${g}`, args: { destinationIds: [`@dest-${g}`] } },
  ];
  return group.map((r, i) => ({ ...r, args: { description: `service ${g}${i === touched ? " v2" : ""}`, ...r.args } }));
}

/**
 * The first n resources of services 0, 1, …; with `update`, one resource in ten gets a new description,
 * a different kind in each service (service g touches its resource g mod 10).
 */
export function mixedStack(n: number, update = false): Res[] {
  const out: Res[] = [];
  for (let g = 0; out.length < n; g++) out.push(...service(g, update ? g % 10 : undefined));
  return out.slice(0, n);
}

/** The names of the resources `mixedStack(n, true)` changes. */
export function touchedNames(n: number): string[] {
  const before = mixedStack(n);
  const after = mixedStack(n, true);
  return after.filter((r, i) => JSON.stringify(r) !== JSON.stringify(before[i])).map((r) => r.name);
}
