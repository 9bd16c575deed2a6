/**
 * Endpoints (§2.20, §4.11), read-only: every hostport of every edge is one endpoint, made and removed with
 * it. They double as the hostport index: a hostport serves one edge at a time, across all edge kinds.
 */
import { z } from "zod";
import { ApiError, preview } from "../errors";
import type { Store } from "./store";
import type { KindRules } from "./rules";
import { rfc3339Now } from "./ids";
import { addRule } from "./validation";
import { refById, resourceUri } from "./wire";

export const PROTOS = ["tcp", "tls", "https"] as const;
export type Proto = (typeof PROTOS)[number];

const record = z.strictObject({
  id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  edge_id: z.string(),
  proto: z.enum(PROTOS),
  hostport: z.string(),
  /** The edge's metadata (§2.20), copied so a change to it shows in updated_at. */
  metadata: z.string(),
});
export type EndpointRecord = z.infer<typeof record>;

export const endpoints: KindRules<EndpointRecord> = {
  collectionKey: "endpoints",
  prefix: "ep",
  label: "endpoint",
  path: "/endpoints",
  record,
  owner: (r) => r.edge_id,
  listKey: "endpoints",
  render,
  reference: {
    title: "Endpoints",
  },
};

const LABEL = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
/** A lowercase DNS name, optionally `*.` in front (a regex source, without anchors). */
export const DNS_NAME = `(?:\\*\\.)?${LABEL}(?:\\.${LABEL})*`;
/** A port from 1 to 65535 without leading zeros, checked for the upper bound by the caller. */
export const PORT = "[1-9][0-9]{0,4}";
const HOSTPORT_RE = new RegExp(`^(${DNS_NAME}):(${PORT})$`);
const HOSTPORT_RULE = "must be host:port with a lowercase DNS name (optionally *.) and a port from 1 to 65535";

const hostport = z.string().superRefine((value, ctx) => {
  const match = HOSTPORT_RE.exec(value);
  if (!match || match[1].length > 253 || Number(match[2]) > 65535) addRule(ctx, [], HOSTPORT_RULE, preview(value));
});

/** An edge's hostports: at least one, each once. */
export const hostports = z
  .array(hostport)
  .min(1)
  .superRefine((list, ctx) => {
    list.forEach((value, i) => {
      const first = list.indexOf(value);
      if (first !== i) addRule(ctx, [i], `must not repeat hostports[${first}]`, preview(value));
    });
  });

/** 409 when a hostport is served by an edge other than `edgeId`. */
export function checkHostportsFree(store: Store, list: readonly string[], edgeId?: string): void {
  const served = store.collection(endpoints).all();
  list.forEach((value, i) => {
    const holder = served.find((ep) => ep.hostport === value && ep.edge_id !== edgeId);
    if (!holder) return;
    const label = store.kindOf(holder.edge_id)?.label ?? "edge";
    const field = `hostports[${i}]`;
    throw new ApiError("CONFLICT", `${field}: ${preview(value)} is already served by ${label} ${holder.edge_id}`, {
      field,
      rule: "must not be served by another edge",
      in_use_by: holder.edge_id,
    });
  });
}

/**
 * Make the edge's endpoints match its hostports: new hostports get an endpoint, dropped ones lose theirs,
 * kept ones keep their id and take the edge's metadata (updated_at moves when it changes).
 */
export function syncEndpoints(store: Store, edge: { id: string; hostports: readonly string[]; metadata: string }, proto: Proto): void {
  const collection = store.collection(endpoints);
  const mine = collection.all().filter((ep) => ep.edge_id === edge.id);
  store.transaction(() => {
    for (const ep of mine) {
      if (!edge.hostports.includes(ep.hostport)) collection.remove(ep.id);
      else if (ep.metadata !== edge.metadata) collection.replace({ ...ep, metadata: edge.metadata, updated_at: rfc3339Now() });
    }
    for (const value of edge.hostports) {
      if (mine.some((ep) => ep.hostport === value)) continue;
      const now = rfc3339Now();
      collection.insert({
        id: store.newId(endpoints.prefix),
        created_at: now,
        updated_at: now,
        edge_id: edge.id,
        proto,
        hostport: value,
        metadata: edge.metadata,
      });
    }
  });
}

/** §2.20 fields; only edge endpoints exist here, so domain, tcp_addr and tunnel are null. */
function render(record: EndpointRecord, baseUrl: string, store: Store) {
  return {
    id: record.id,
    uri: resourceUri(baseUrl, endpoints, record.id),
    region: "global",
    created_at: record.created_at,
    updated_at: record.updated_at,
    public_url: `${record.proto}://${record.hostport}`,
    proto: record.proto,
    hostport: record.hostport,
    type: "edge",
    metadata: record.metadata,
    domain: null,
    tcp_addr: null,
    tunnel: null,
    edge: refById(baseUrl, store, record.edge_id),
  };
}
