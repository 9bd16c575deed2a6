/**
 * Endpoints are read-only (§2.20, §4.11): lookups, not resources. They run in the program with the
 * same credentials as the providers (stack config `edgeingress:*`, else the environment).
 */
import * as pulumi from "@pulumi/pulumi";
import { EdgeIngress } from "../sdk";

/** A reference to another object. */
export interface EndpointRef {
  id: string;
  uri: string;
}

/** An active endpoint (§2.20), as the service reports it. */
export interface Endpoint {
  id: string;
  uri: string;
  /** Deprecated region code. */
  region: string;
  /** RFC 3339. */
  createdAt: string;
  /** RFC 3339. */
  updatedAt: string;
  /** `tcp://host:port`, `tls://…`, `https://…` for edges. */
  publicUrl: string;
  /** `http`, `https`, `tcp` or `tls` (a plain string: the service may add protocols). */
  proto: string;
  hostport: string;
  /** `edge` or `ephemeral` (a plain string: the service may add types). */
  type: string;
  /** The metadata of the serving edge or tunnel. */
  metadata: string;
  domain: EndpointRef | null;
  tcpAddr: EndpointRef | null;
  tunnel: EndpointRef | null;
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

export function getEndpointOutput(args: { id: pulumi.Input<string> }): pulumi.Output<Endpoint> {
  return pulumi.output(args.id).apply((id) => getEndpoint({ id }));
}

export function getEndpointsOutput(): pulumi.Output<Endpoint[]> {
  return pulumi.output(getEndpoints());
}
