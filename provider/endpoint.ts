/**
 * Endpoints are read-only (§2.20, §4.11): lookups, not resources. They run in the program with the
 * same credentials as the providers (stack config `edgeingress:*`, else the environment).
 */
import * as pulumi from "@pulumi/pulumi";
import { EdgeIngress } from "../sdk";

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

async function withClient<T>(use: (client: EdgeIngress) => Promise<T>): Promise<T> {
  // runtime.getConfig reads the value as stored (secrets decrypted), without logging it.
  const client = new EdgeIngress({
    apiKey: pulumi.runtime.getConfig("edgeingress:apiKey") || undefined,
    baseURL: pulumi.runtime.getConfig("edgeingress:apiUrl") || undefined,
  });
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}

/** One active endpoint by id. */
export function getEndpoint(args: { id: string }): Promise<Endpoint> {
  return withClient((client) => client.endpoints.get(args.id));
}

/** Every active endpoint (edge endpoints appear and disappear with their edges' hostports). */
export function getEndpoints(): Promise<Endpoint[]> {
  return withClient((client) => client.endpoints.list().toArray());
}

/** `getEndpoint` for an id that may be another resource's output. */
export function getEndpointOutput(args: { id: pulumi.Input<string> }): pulumi.Output<Endpoint> {
  return pulumi.output(args.id).apply((id) => getEndpoint({ id }));
}

/** `getEndpoints` as an Output. */
export function getEndpointsOutput(): pulumi.Output<Endpoint[]> {
  return pulumi.output(getEndpoints());
}
