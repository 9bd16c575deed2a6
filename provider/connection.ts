import * as pulumi from "@pulumi/pulumi";
import type { ConnectionValue } from "./connection-value";

export { CONNECTION, type ConnectionValue } from "./connection-value";

export interface ConnectionArgs {
  /** The API's base URL, e.g. `https://api.example.com`. */
  apiUrl: pulumi.Input<string>;
  /** An API key of the account (secret: kept encrypted in state, never in `__provider`). */
  apiKey: pulumi.Input<string>;
}

/**
 * Another account (or deployment) for the resources that name it as their `connection`: dynamic
 * providers have no provider resources, so the connection travels with each resource as a secret
 * input. Resources without one use stack config (`edgeingress:apiKey`, `edgeingress:apiUrl`) or the
 * environment. It is not a resource: it makes nothing and is not in state by itself.
 */
export class Connection {
  /** Names the connection in error messages. */
  readonly name: string;
  /** The API's base URL. */
  readonly apiUrl: pulumi.Output<string>;
  /** Secret. */
  readonly apiKey: pulumi.Output<string>;

  /** Set on every Connection, so one made by another copy of this package is recognised too. */
  readonly __edgeIngressConnection = true;

  /** Whether `obj` is a Connection. */
  static isInstance(obj: unknown): obj is Connection {
    return typeof obj === "object" && obj !== null && (obj as Connection).__edgeIngressConnection === true;
  }

  constructor(name: string, args: ConnectionArgs) {
    this.name = name;
    this.apiUrl = pulumi.output(args.apiUrl);
    this.apiKey = pulumi.secret(args.apiKey);
  }

  /** The whole connection as one secret value, the form resources store. */
  toInput(): pulumi.Output<ConnectionValue> {
    return pulumi.secret(pulumi.all([this.apiUrl, this.apiKey]).apply(([apiUrl, apiKey]) => ({ name: this.name, apiUrl, apiKey })));
  }
}
