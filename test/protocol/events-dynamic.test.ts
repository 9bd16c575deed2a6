/** EventDestination, EventSubscription and EventSource (test/support/events.ts) through the provider protocol, on the dynamic path. */
import { eventsSuite, type EventsProgram } from "../support/events";
import { useProtocolStack } from "./stack";

eventsSuite(useProtocolStack<EventsProgram>("dynamic"));
