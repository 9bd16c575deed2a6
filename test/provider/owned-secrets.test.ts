/**
 * The resource class side of an owned input's secret fields (ClassLists.ownedSecrets): an edge's
 * inline routes keep `oauth` and `webhookVerification` apart, in `routeSecretModules`, passed as a
 * secret, so `routes` stays plain; a route or a list only known later is split when known, and a
 * secret in it is never made plain.
 */
import * as pulumi from "@pulumi/pulumi";
import { withSecretsApart } from "../../provider/framework/resource";
import { httpsEdgeResource } from "../../provider/resources/https-edge";

const value = <T>(o: pulumi.Input<T>): Promise<T> => new Promise((resolve) => pulumi.output(o).apply((v) => resolve(v as T)));
const secret = (o: unknown): Promise<boolean> => (pulumi.Output.isInstance(o) ? pulumi.isSecret(o) : Promise.resolve(false));

const oauth = { provider: { github: { clientId: "app", clientSecret: "inline-class-secret-5512" } } };
const hook = { provider: "CODEHOST", secret: "inline-class-hook-7731" };

test("a plain list: each route without its secret modules, those apart in one secret list in the same order", async () => {
  const args = withSecretsApart(httpsEdgeResource, {
    hostports: ["a.example.com:443"],
    routes: [
      { matchType: "path_prefix", match: "/", description: "public" },
      { matchType: "path_prefix", match: "/app", oauth, webhookVerification: hook, compression: {} },
    ],
  });
  expect(args.hostports).toEqual(["a.example.com:443"]);
  expect(args.routes).toEqual([
    { matchType: "path_prefix", match: "/", description: "public" },
    { matchType: "path_prefix", match: "/app", compression: {} },
  ]);
  expect(await secret(args.routeSecretModules)).toBe(true);
  expect(await value(args.routeSecretModules)).toEqual([{}, { oauth, webhookVerification: hook }]);
});

test("a value inside a route that is an Output stays one, with its own secretness", async () => {
  const clientSecret = pulumi.secret("inline-class-secret-9911");
  const description = pulumi.output("later");
  const args = withSecretsApart(httpsEdgeResource, {
    routes: [{ matchType: "path_prefix", match: "/", description, oauth: { provider: { github: { clientId: "a", clientSecret } } } }],
  });
  expect(args.routes[0].description).toBe(description);
  expect(await value(args.routeSecretModules)).toEqual([
    { oauth: { provider: { github: { clientId: "a", clientSecret: "inline-class-secret-9911" } } } },
  ]);
});

test("a route or a list that is an Output is split when known; a secret anywhere in it keeps it secret", async () => {
  const route = pulumi.secret({ matchType: "path_prefix", match: "/x", webhookVerification: hook });
  const one = withSecretsApart(httpsEdgeResource, { routes: [route] });
  expect(await value(one.routes[0])).toEqual({ matchType: "path_prefix", match: "/x" });
  expect(await secret(one.routes[0])).toBe(true);
  expect(await value(one.routeSecretModules)).toEqual([{ webhookVerification: hook }]);

  const list = pulumi.output([{ matchType: "exact_path", match: "/y", oauth }]);
  const all = withSecretsApart(httpsEdgeResource, { routes: list });
  expect(await value(all.routes)).toEqual([{ matchType: "exact_path", match: "/y" }]);
  expect(await secret(all.routes)).toBe(false);
  expect(await secret(all.routeSecretModules)).toBe(true);
  expect(await value(all.routeSecretModules)).toEqual([{ oauth }]);
});

test("without routes nothing is added", () => {
  expect(withSecretsApart(httpsEdgeResource, { hostports: ["a.example.com:443"] })).toEqual({ hostports: ["a.example.com:443"] });
});
