import * as pulumi from "@pulumi/pulumi";
import { isResourceOf, resourceArgs, type AdoptArgs, type GetOptions, type ResourceKind } from "../framework/resource";

/** @internal What the class declares: every input and output, and which are secret (the lifecycle reads these lists too). */
export const eventDestinationResource: ResourceKind = {
  name: "EventDestination",
  inputs: ["description", "metadata", "format", "target"],
  outputs: ["uri", "createdAt"],
  secretInputs: ["target"],
};

/** Exactly one member. */
export interface EventAuthArgs {
  /** A role the service assumes. */
  role?: pulumi.Input<{ roleResourceName: pulumi.Input<string> }>;
  /** Long-term access keys; `secretAccessKey` is a credential (the whole target is stored as a secret). */
  creds?: pulumi.Input<{ accessKeyId: pulumi.Input<string>; secretAccessKey: pulumi.Input<string> }>;
}

/** Exactly one member. */
export interface EventTargetArgs {
  /** A managed delivery-stream service. */
  delivery?: pulumi.Input<{ auth: pulumi.Input<EventAuthArgs>; deliveryStreamResourceName: pulumi.Input<string> }>;
  /** A managed data-stream service. */
  stream?: pulumi.Input<{ auth: pulumi.Input<EventAuthArgs>; streamResourceName: pulumi.Input<string> }>;
  /** A managed log-group service. */
  logs?: pulumi.Input<{ auth: pulumi.Input<EventAuthArgs>; logGroupResourceName: pulumi.Input<string> }>;
  /** A monitoring vendor: `apiKey` is a credential; `tags`, `service` (a service name) and `site` (where to send) default to "". */
  monitoring?: pulumi.Input<{
    apiKey: pulumi.Input<string>;
    tags?: pulumi.Input<string>;
    service?: pulumi.Input<string>;
    site?: pulumi.Input<string>;
  }>;
}

/** An `auth` as the service reports it: the member not in use is null. */
export interface EventAuth {
  role: { roleResourceName: string } | null;
  creds: { accessKeyId: string; secretAccessKey: string } | null;
}

/** A target as the service reports it: every member, those not in use null. */
export interface EventTarget {
  delivery: { auth: EventAuth; deliveryStreamResourceName: string } | null;
  stream: { auth: EventAuth; streamResourceName: string } | null;
  logs: { auth: EventAuth; logGroupResourceName: string } | null;
  monitoring: { apiKey: string; tags: string; service: string; site: string } | null;
}

/** How events are serialized. */
export type EventFormat = "json";

export interface EventDestinationArgs extends AdoptArgs {
  /** Where events go: exactly one member set. Holds credentials: stored whole as a secret. */
  target: pulumi.Input<EventTargetArgs>;
  /** `json`, the only format (and the default). */
  format?: pulumi.Input<EventFormat>;
  /** Human-readable, at most 255 bytes. Default "". */
  description?: pulumi.Input<string>;
  /** Arbitrary user data, at most 4096 bytes. Default "". */
  metadata?: pulumi.Input<string>;
}

/** Where events go; does nothing until an event subscription names it. `target` is stored as a secret. */
export class EventDestination extends pulumi.CustomResource {
  /** Secret. The target as the service reports it, credentials included. */
  declare readonly target: pulumi.Output<EventTarget>;
  /** How events are serialized: `json`. */
  declare readonly format: pulumi.Output<EventFormat>;
  /** Human-readable. */
  declare readonly description: pulumi.Output<string>;
  /** Arbitrary user data. */
  declare readonly metadata: pulumi.Output<string>;
  /** The destination's API URI. */
  declare readonly uri: pulumi.Output<string>;
  /** RFC 3339 creation time. */
  declare readonly createdAt: pulumi.Output<string>;

  constructor(name: string, args: EventDestinationArgs, opts?: pulumi.CustomResourceOptions);
  /** @internal `get`: no args, an id. */
  constructor(name: string, args: undefined, opts: pulumi.CustomResourceOptions);
  constructor(name: string, args: EventDestinationArgs | undefined, opts?: pulumi.CustomResourceOptions) {
    super(...resourceArgs(eventDestinationResource, name, args, opts));
  }

  static get(name: string, id: pulumi.Input<string>, opts?: GetOptions): EventDestination {
    return new EventDestination(name, undefined, { ...opts, id });
  }

  /** True when `obj` is an EventDestination, also one made by another copy of this package (Pulumi's convention). */
  static override isInstance(obj: any): obj is EventDestination {
    return isResourceOf(eventDestinationResource, obj);
  }
}
