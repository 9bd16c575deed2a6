import { endpoints, type EndpointRecord, type Proto } from "../state/endpoint";
import { httpsEdges } from "../state/https-edge";
import { tcpEdges } from "../state/tcp-edge";
import { tlsEdges } from "../state/tls-edge";
import { crudRoutes, ref, resourceUri } from "./crud";

const EDGE_KIND: Record<Proto, typeof tcpEdges> = { tcp: tcpEdges, tls: tlsEdges, https: httpsEdges };

/** §2.20 fields; only edge endpoints exist here, so domain, tcp_addr and tunnel are null. */
function render(record: EndpointRecord, baseUrl: string) {
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
    edge: ref(baseUrl, EDGE_KIND[record.proto], record.edge_id),
  };
}

/** Read-only (§4.11): list and get. */
export const endpointOperations = crudRoutes({ kind: endpoints, listKey: "endpoints", render });
