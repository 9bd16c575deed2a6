/**
 * Event destinations (spec §2.21, §4.12): where events are delivered. The target has exactly one member
 * set. The service returns the credentials in it (`secretAccessKey`, monitoring `apiKey`): treat a read
 * destination as secret.
 */
import { z } from "zod";
import { description, metadata, oneOf, orNull, params, text, timestamp } from "../core/fields";
import type { HttpClient } from "../core/http";
import { CrudResource } from "../core/resource";
import type * as types from "../types";

export const eventDestinationsIdPrefix = "ed_";
export const EVENT_FORMATS = ["json"] as const;
export const EVENT_TARGET_MEMBERS = ["delivery", "stream", "logs", "monitoring"] as const;
export const EVENT_AUTH_MEMBERS = ["role", "creds"] as const;

const nonEmpty = z.string({ error: "must be a string" }).min(1, { error: "must not be empty" });

/** Exactly one of `names` is set (present and not null); reported on the object itself. */
function exactlyOne(names: readonly string[]) {
  const rule = `must have exactly one of ${names.join(", ")} set`;
  return (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    if (names.filter((name) => value[name] !== undefined && value[name] !== null).length !== 1)
      ctx.addIssue({ code: "custom", message: rule });
  };
}

// Requests: unset members may be omitted or null, as the service accepts both.
/** @internal */
export const EventAuthParams = params({
  role: params({ roleResourceName: nonEmpty.describe("The resource name of the role the service assumes.") })
    .nullish()
    .describe("A role the service assumes."),
  creds: params({
    accessKeyId: nonEmpty.describe("The access key id."),
    secretAccessKey: nonEmpty.describe("The secret access key: a credential, which the service returns in every read of the destination."),
  })
    .nullish()
    .describe("Long-term access keys."),
})
  .superRefine(exactlyOne(EVENT_AUTH_MEMBERS))
  .describe("How the service authenticates to a target, as a request sets it: exactly one of `role` or `creds`.");
export type EventAuthParams = types.EventAuthParams;

/** @internal */
export const EventTargetParams = params({
  delivery: params({
    auth: EventAuthParams.describe("How the service authenticates to the delivery stream."),
    deliveryStreamResourceName: nonEmpty.describe("The resource name of the delivery stream that receives the events."),
  })
    .nullish()
    .describe("Send events to a managed delivery-stream service. Left out or null unless it is the target's one member."),
  stream: params({
    auth: EventAuthParams.describe("How the service authenticates to the data stream."),
    streamResourceName: nonEmpty.describe("The resource name of the data stream that receives the events."),
  })
    .nullish()
    .describe("Send events to a managed data-stream service. Left out or null unless it is the target's one member."),
  logs: params({
    auth: EventAuthParams.describe("How the service authenticates to the log group."),
    logGroupResourceName: nonEmpty.describe("The resource name of the log group that receives the events."),
  })
    .nullish()
    .describe("Send events to a managed log-group service. Left out or null unless it is the target's one member."),
  monitoring: params({
    apiKey: nonEmpty.describe("The monitoring vendor's API key: a credential, which the service returns in every read of the destination."),
    tags: z.string({ error: "must be a string" }).optional().describe("Tags sent with each event."),
    service: z.string({ error: "must be a string" }).optional().describe("The service name sent with each event."),
    site: z.string({ error: "must be a string" }).optional().describe("The vendor's site events are sent to."),
  })
    .nullish()
    .describe("Send events to a monitoring vendor. Left out or null unless it is the target's one member."),
})
  .superRefine(exactlyOne(EVENT_TARGET_MEMBERS))
  .describe("Where an event destination sends events, as a request sets it: exactly one member.");
export type EventTargetParams = types.EventTargetParams;

/** @internal */
export const EventFormat = oneOf(EVENT_FORMATS).describe("How events are serialized: `json` is the only format.");

// Responses: every member present, unset ones null (absent is read as null too).

/** @internal */
export const EventAuth = z
  .object({
    role: orNull(z.object({ roleResourceName: z.string().describe("The resource name of the role the service assumes.") })).describe(
      "A role the service assumes; null when `creds` is used.",
    ),
    creds: orNull(
      z.object({
        accessKeyId: z.string().describe("The access key id."),
        secretAccessKey: z.string().describe("The secret access key: a credential, as the service returns it."),
      }),
    ).describe("Long-term access keys; null when `role` is used."),
  })
  .describe("How the service authenticates to a target, as the API returns it: the unused member is null.");
export type EventAuth = types.EventAuth;

/** @internal */
export const EventTarget = z
  .object({
    delivery: orNull(
      z.object({
        auth: EventAuth.describe("How the service authenticates to the delivery stream."),
        deliveryStreamResourceName: z.string().describe("The resource name of the delivery stream that receives the events."),
      }),
    ).describe("A managed delivery-stream service; null unless it is the target's one member."),
    stream: orNull(
      z.object({
        auth: EventAuth.describe("How the service authenticates to the data stream."),
        streamResourceName: z.string().describe("The resource name of the data stream that receives the events."),
      }),
    ).describe("A managed data-stream service; null unless it is the target's one member."),
    logs: orNull(
      z.object({
        auth: EventAuth.describe("How the service authenticates to the log group."),
        logGroupResourceName: z.string().describe("The resource name of the log group that receives the events."),
      }),
    ).describe("A managed log-group service; null unless it is the target's one member."),
    monitoring: orNull(
      z.object({
        apiKey: z.string().describe("The monitoring vendor's API key: a credential, as the service returns it."),
        tags: text.describe('Tags sent with each event; "" when unset.'),
        service: text.describe('The service name sent with each event; "" when unset.'),
        site: text.describe('The vendor\'s site events are sent to; "" when unset.'),
      }),
    ).describe("A monitoring vendor; null unless it is the target's one member."),
  })
  .describe("Where an event destination sends events, as the API returns it: one member is set, the others are null.");
export type EventTarget = types.EventTarget;

/** @internal */
export const EventDestination = z.object({
  id: z.string(),
  uri: z.string(),
  metadata: text,
  createdAt: timestamp,
  description: text,
  // A plain string: a format added by the service later must not make reads fail.
  format: z.string().describe("How events are serialized: `json`, the only format the service accepts."),
  target: EventTarget.describe(
    "Where events are sent: one member set, the others null. It holds credentials as the service returns them (`secretAccessKey`, monitoring `apiKey`): treat it as secret.",
  ),
});
export type EventDestination = types.EventDestination;

/** @internal */
export const EventDestinationCreateParams = params({
  description: description.optional(),
  metadata: metadata.optional(),
  format: EventFormat.optional().describe("`json` (the only format, and the default)."),
  target: EventTargetParams.describe("Where events are sent: exactly one of `delivery`, `stream`, `logs` or `monitoring`."),
});
export type EventDestinationCreateParams = types.EventDestinationCreateParams;

/** @internal */
export const EventDestinationUpdateParams = params({
  description: description.optional(),
  metadata: metadata.optional(),
  format: EventFormat.optional().describe("`json`, the only format; left out, it is unchanged."),
  target: EventTargetParams.optional().describe("Replaces the whole target."),
});
export type EventDestinationUpdateParams = types.EventDestinationUpdateParams;

export class EventDestinations extends CrudResource<EventDestination, EventDestinationCreateParams, EventDestinationUpdateParams> {
  constructor(http: HttpClient) {
    super(http, {
      collectionPath: "/event_destinations",
      listKey: "eventDestinations",
      model: EventDestination,
      createParams: EventDestinationCreateParams,
      updateParams: EventDestinationUpdateParams,
    });
  }
}
