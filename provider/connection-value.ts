/**
 * A resource's `connection` as the provider reads it, apart from the `Connection` class
 * (provider/connection.ts), so that the provider processes load it without `@pulumi/pulumi`.
 */

/** The provider-level input of every kind that names its account, and its output in state. */
export const CONNECTION = "connection";

/** A connection as resources store it (the runtime reads this form). */
export interface ConnectionValue {
  name: string;
  apiUrl: string;
  apiKey: string;
}
