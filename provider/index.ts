export { ApiKey, type ApiKeyArgs } from "./api-key";
export { IpPolicy, type IpPolicyArgs } from "./ip-policy";
export { IpRestriction, type IpRestrictionArgs, type IpRestrictionType } from "./ip-restriction";
export { EventDestination, type EventDestinationArgs, type EventTargetArgs, type EventAuthArgs } from "./event-destination";
export { EventSubscription, type EventSubscriptionArgs } from "./event-subscription";
export { EventSource, type EventSourceArgs } from "./event-source";
