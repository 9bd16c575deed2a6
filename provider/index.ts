// The public provider: every kind's resource class with its `<Kind>Args` and own types (generated from
// the kind declarations), connections, endpoints, and the types the classes share.
export * from "./resources";
export * from "./types";
export { Connection, type ConnectionArgs, type ConnectionValue } from "./connection";
export { type EndpointConnection, getEndpoint, getEndpointOutput, getEndpoints, getEndpointsOutput } from "./endpoint";
export type { Endpoint, EndpointRef, EndpointProto, EndpointType } from "./endpoint";
