/** The route table. A new kind adds its routes module here. */
import type { Route } from "../http/router";
import { apiKeyRoutes } from "./api-key";
import { failoverBackendRoutes } from "./failover-backend";
import { ipPolicyRoutes } from "./ip-policy";
import { ipRestrictionRoutes } from "./ip-restriction";
import { tunnelGroupBackendRoutes } from "./tunnel-group-backend";
import { weightedBackendRoutes } from "./weighted-backend";

export const ROUTES: readonly Route[] = [
  ...apiKeyRoutes,
  ...ipPolicyRoutes,
  ...ipRestrictionRoutes,
  ...tunnelGroupBackendRoutes,
  ...weightedBackendRoutes,
  ...failoverBackendRoutes,
];
