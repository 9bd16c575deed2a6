export { ApiKey, type ApiKeyArgs } from "./api-key";
export { IpPolicy, type IpPolicyArgs } from "./ip-policy";
export { IpRestriction, type IpRestrictionArgs, type IpRestrictionType } from "./ip-restriction";
