/** The route table. A new kind adds its routes module here. */
import type { Route } from "../http/router";
import { apiKeyRoutes } from "./api-key";
import { ipPolicyRoutes } from "./ip-policy";
import { ipRestrictionRoutes } from "./ip-restriction";
import { eventDestinationRoutes } from "./event-destination";
import { eventSubscriptionRoutes } from "./event-subscription";
import { eventSourceRoutes } from "./event-source";

export const ROUTES: readonly Route[] = [
  ...apiKeyRoutes,
  ...ipPolicyRoutes,
  ...ipRestrictionRoutes,
  ...eventDestinationRoutes,
  ...eventSubscriptionRoutes,
  ...eventSourceRoutes,
];
