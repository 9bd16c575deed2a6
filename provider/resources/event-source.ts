import * as pulumi from "@pulumi/pulumi";
import { isResourceOf, resourceArgs, type AdoptArgs, type GetOptions, type ResourceKind } from "../framework/resource";

/** @internal What the class declares: every input and output, and which are secret (the lifecycle reads these lists too). */
export const eventSourceResource: ResourceKind = {
  name: "EventSource",
  inputs: ["subscriptionId", "type"],
  outputs: ["uri"],
};

/** The resources whose changes raise events. */
export type EventResourceName =
  | "api_key"
  | "ip_policy"
  | "ip_restriction"
  | "tcp_edge"
  | "tls_edge"
  | "https_edge"
  | "https_edge_route"
  | "tunnel_group_backend"
  | "weighted_backend"
  | "failover_backend"
  | "reserved_domain"
  | "certificate_authority"
  | "tls_certificate"
  | "ssh_credential"
  | "ssh_certificate_authority"
  | "ssh_user_certificate"
  | "ssh_host_certificate"
  | "event_destination"
  | "event_subscription";
/** Every event type the service documents: `<resource>_{created,updated,deleted}.v0`. */
export type EventTypeName = `${EventResourceName}_${"created" | "updated" | "deleted"}.v0`;

export interface EventSourceArgs extends AdoptArgs {
  /** The event subscription (`esb_`); replace on change (deleting first). */
  subscriptionId: pulumi.Input<string>;
  /** An event type such as `ip_policy_updated.v0`; replace on change (deleting first). */
  type: pulumi.Input<EventTypeName>;
}

/** One event type that triggers a subscription. Changing either field replaces it (delete first). */
export class EventSource extends pulumi.CustomResource {
  /** The event subscription (`esb_`); replace on change (deleting first). */
  declare readonly subscriptionId: pulumi.Output<string>;
  /** The event type; replace on change (deleting first). */
  declare readonly type: pulumi.Output<EventTypeName>;
  /** The source's API URI. */
  declare readonly uri: pulumi.Output<string>;

  constructor(name: string, args: EventSourceArgs, opts?: pulumi.CustomResourceOptions);
  /** @internal `get`: no args, an id. */
  constructor(name: string, args: undefined, opts: pulumi.CustomResourceOptions);
  constructor(name: string, args: EventSourceArgs | undefined, opts?: pulumi.CustomResourceOptions) {
    super(...resourceArgs(eventSourceResource, name, args, opts));
  }

  /** Reads an existing source; `id` is `<subscription id>/<type>`. */
  static get(name: string, id: pulumi.Input<string>, opts?: GetOptions): EventSource {
    return new EventSource(name, undefined, { ...opts, id });
  }

  /** True when `obj` is an EventSource, also one made by another copy of this package (Pulumi's convention). */
  static override isInstance(obj: any): obj is EventSource {
    return isResourceOf(eventSourceResource, obj);
  }
}
