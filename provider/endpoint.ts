/**
 * Endpoints are read-only (§2.20, §4.11): lookups, not resources. They run in the program with the
 * same credentials as the providers (stack config `edgeingress:*`, else the environment).
 */
import * as pulumi from "@pulumi/pulumi";
import type { EdgeIngress } from "../sdk/client";
import type { Connection } from "./connection";

/** A reference to another object. */
export interface EndpointRef {
  /** The object's id. */
  id: string;
  /** The object's API URI. */
  uri: string;
}

/** An endpoint's protocol; the union stays open: the service may add protocols. */
export type EndpointProto = "http" | "https" | "tcp" | "tls" | (string & {});
/** How an endpoint is served; the union stays open: the service may add types. */
export type EndpointType = "ephemeral" | "edge" | (string & {});

/** An active endpoint (§2.20), as the service reports it. */
export interface Endpoint {
  /** `ep_` id. */
  id: string;
  /** The endpoint's API URI. */
  uri: string;
  /** Region identifier. */
  region: string;
  /** RFC 3339. */
  createdAt: string;
  /** RFC 3339. */
  updatedAt: string;
  /** URL of the served hostport: `tcp://host:port`, `tls://…`, `https://…` for edges. */
  publicUrl: string;
  /** `http`, `https`, `tcp` or `tls`. */
  proto: EndpointProto;
  /** `hostname:port`. */
  hostport: string;
  /** `edge` (served by an edge) or `ephemeral` (served directly by an agent-started tunnel). */
  type: EndpointType;
  /** The metadata of the serving edge or tunnel. */
  metadata: string;
  /** The reserved domain; null when none. */
  domain: EndpointRef | null;
  /** The reserved address; null when none. */
  tcpAddr: EndpointRef | null;
  /** The serving tunnel, for ephemeral endpoints; else null. */
  tunnel: EndpointRef | null;
  /** The serving edge, for edge endpoints; else null. */
  edge: EndpointRef | null;
}

/** Another account's URL and key for a lookup (plain values; the Output forms take a Connection). */
export interface EndpointConnection {
  apiUrl: string;
  apiKey: string;
}

async function withClient<T>(connection: EndpointConnection | undefined, use: (client: EdgeIngress) => Promise<T>): Promise<T> {
  // The client is loaded here, when a lookup runs: a program that makes none never loads it.
  const { EdgeIngress: Client } = require("../sdk/client") as typeof import("../sdk/client");
  // runtime.getConfig reads the value as stored (secrets decrypted), without logging it.
  const client = new Client({
    apiKey: connection?.apiKey ?? (pulumi.runtime.getConfig("edgeingress:apiKey") || undefined),
    baseURL: connection?.apiUrl ?? (pulumi.runtime.getConfig("edgeingress:apiUrl") || undefined),
  });
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}

/** One active endpoint by id (of stack config's account, or of `connection`'s). */
export function getEndpoint(args: { id: string; connection?: EndpointConnection }): Promise<Endpoint> {
  return withClient(args.connection, (client) => client.endpoints.get(args.id));
}

/** Every active endpoint (edge endpoints appear and disappear with their edges' hostports). */
export function getEndpoints(args: { connection?: EndpointConnection } = {}): Promise<Endpoint[]> {
  return withClient(args.connection, (client) => client.endpoints.list().toArray());
}

/** The connection's values; endpoints are not secret, so what is read with its key is unwrapped. */
function lookup<T>(
  connection: Connection | undefined,
  read: (connection?: EndpointConnection) => Promise<T>,
): pulumi.Output<pulumi.Unwrap<T>> {
  if (!connection) return pulumi.output(read());
  const values = pulumi.all([connection.apiUrl, connection.apiKey]);
  return pulumi.unsecret(values.apply(([apiUrl, apiKey]) => pulumi.output(read({ apiUrl, apiKey }))));
}

/** `getEndpoint` for an id that may be another resource's output. */
export function getEndpointOutput(args: { id: pulumi.Input<string>; connection?: Connection }): pulumi.Output<Endpoint> {
  return pulumi.output(args.id).apply((id) => lookup(args.connection, (connection) => getEndpoint({ id, connection })));
}

/** `getEndpoints` as an Output. */
export function getEndpointsOutput(args: { connection?: Connection } = {}): pulumi.Output<Endpoint[]> {
  return lookup(args.connection, (connection) => getEndpoints({ connection }));
}
