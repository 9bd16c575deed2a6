// Edges: an HTTPS edge whose routes use login, webhook and traffic modules; a TCP edge for a database
// and a TLS edge passed through to its service; tunnel group, weighted and failover backends.
package main

import (
	"github.com/edge-ingress/pulumi/sdks/go/edgeingress"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		// Hostnames of the edges live under this domain.
		domain := cfg.Get("domain")
		if domain == "" {
			domain = "example.com"
		}
		// The code host's OAuth app that signs users in to the web app.
		oauthClientID := cfg.Require("oauthClientId")
		oauthClientSecret := cfg.RequireSecret("oauthClientSecret")
		webhookSecret := cfg.RequireSecret("webhookSecret")
		// The identity provider's SAML metadata (its XML EntityDescriptor).
		samlIdpMetadata := cfg.Require("samlIdpMetadata")

		// --- who may reach the internal routes ---------------------------------------------------

		office, err := edgeingress.NewIpPolicy(ctx, "office", &edgeingress.IpPolicyArgs{Description: pulumi.String("Office egress ranges")})
		if err != nil {
			return err
		}
		officeOnly := &edgeingress.IpRestrictionModuleArgs{IpPolicyIds: pulumi.StringArray{office.ID().ToStringOutput()}}
		for name, rule := range map[string][2]string{
			"office-v4": {"203.0.113.0/24", "Office NAT"},
			"office-v6": {"2001:db8::/32", "Office IPv6"},
		} {
			_, err := edgeingress.NewIpPolicyRule(ctx, name, &edgeingress.IpPolicyRuleArgs{
				IpPolicyId:  office.ID().ToStringOutput(),
				Cidr:        pulumi.String(rule[0]),
				Action:      edgeingress.IpPolicyRuleActionAllow,
				Description: pulumi.String(rule[1]),
			})
			if err != nil {
				return err
			}
		}

		// --- backends: tunnel groups by label, then a canary split and a failover pair over them --

		tunnelGroup := func(name, description string, labels pulumi.StringMap) (*edgeingress.TunnelGroupBackend, error) {
			return edgeingress.NewTunnelGroupBackend(ctx, name, &edgeingress.TunnelGroupBackendArgs{
				Description: pulumi.String(description),
				Labels:      labels,
			})
		}
		stable, err := tunnelGroup("stable", "Agents of the stable release", pulumi.StringMap{"app": pulumi.String("shop"), "track": pulumi.String("stable")})
		if err != nil {
			return err
		}
		canary, err := tunnelGroup("canary", "Agents of the canary release", pulumi.StringMap{"app": pulumi.String("shop"), "track": pulumi.String("canary")})
		if err != nil {
			return err
		}
		standby, err := tunnelGroup("standby", "Agents in the standby region", pulumi.StringMap{"app": pulumi.String("shop"), "region": pulumi.String("standby")})
		if err != nil {
			return err
		}

		split, err := edgeingress.NewWeightedBackend(ctx, "canary-split", &edgeingress.WeightedBackendArgs{
			Description: pulumi.String("95/5 canary split"),
			Backends: edgeingress.WeightedBackendEntryArray{
				edgeingress.WeightedBackendEntryArgs{BackendId: stable.ID().ToStringOutput(), Weight: pulumi.Float64(95)},
				edgeingress.WeightedBackendEntryArgs{BackendId: canary.ID().ToStringOutput(), Weight: pulumi.Float64(5)},
			},
		})
		if err != nil {
			return err
		}
		primaryWithStandby, err := edgeingress.NewFailoverBackend(ctx, "primary-with-standby", &edgeingress.FailoverBackendArgs{
			Description: pulumi.String("Stable agents first, the standby region when they are down"),
			Backends:    pulumi.StringArray{stable.ID().ToStringOutput(), standby.ID().ToStringOutput()},
		})
		if err != nil {
			return err
		}
		to := func(id pulumi.IDOutput) *edgeingress.BackendModuleArgs {
			return &edgeingress.BackendModuleArgs{BackendId: id.ToStringOutput()}
		}

		// --- the HTTPS edge and its routes -----------------------------------------------------------

		web, err := edgeingress.NewHttpsEdge(ctx, "web", &edgeingress.HttpsEdgeArgs{
			Description:    pulumi.String("Public web traffic"),
			Hostports:      pulumi.StringArray{pulumi.String("shop." + domain + ":443")},
			TlsTermination: &edgeingress.HttpsTlsTerminationModuleArgs{MinVersion: edgeingress.TlsVersionV13},
		})
		if err != nil {
			return err
		}
		route := func(name string, args *edgeingress.HttpsEdgeRouteArgs) (*edgeingress.HttpsEdgeRoute, error) {
			args.EdgeId = web.ID().ToStringOutput()
			return edgeingress.NewHttpsEdgeRoute(ctx, name, args)
		}

		// The API: canary split, office-only, with a circuit breaker, compression and header rewriting.
		api, err := route("api", &edgeingress.HttpsEdgeRouteArgs{
			MatchType:      edgeingress.MatchTypePathPrefix,
			Match:          pulumi.String("/api"),
			Description:    pulumi.String("Public API"),
			Backend:        to(split.ID()),
			IpRestriction:  officeOnly,
			CircuitBreaker: &edgeingress.CircuitBreakerModuleArgs{ErrorThresholdPercentage: pulumi.Float64(0.25), VolumeThreshold: pulumi.Float64(50)},
			Compression:    &edgeingress.EnabledModuleArgs{},
			RequestHeaders: &edgeingress.HeadersModuleArgs{
				Add:    pulumi.StringMap{"X-Edge-Route": pulumi.String("api")},
				Remove: pulumi.StringArray{pulumi.String("X-Debug")},
			},
			ResponseHeaders: &edgeingress.HeadersModuleArgs{Add: pulumi.StringMap{"Strict-Transport-Security": pulumi.String("max-age=63072000")}},
		})
		if err != nil {
			return err
		}

		// The web app: sign-in through the code host's OAuth app, members of one organization only (the
		// whole module is stored as a secret, since it holds the client secret); WebSocket to TCP conversion.
		app, err := route("app", &edgeingress.HttpsEdgeRouteArgs{
			MatchType:   edgeingress.MatchTypePathPrefix,
			Match:       pulumi.String("/"),
			Description: pulumi.String("Web app behind OAuth sign-in"),
			Backend:     to(primaryWithStandby.ID()),
			Oauth: &edgeingress.OAuthModuleArgs{
				Provider: edgeingress.OAuthProviderConfigMap{
					"github": edgeingress.OAuthProviderConfigArgs{
						ClientId:      pulumi.String(oauthClientID),
						ClientSecret:  oauthClientSecret,
						Organizations: pulumi.StringArray{pulumi.String("shop-team")},
					},
				},
				CookiePrefix: pulumi.String("shop_session."),
			},
			WebsocketTcpConverter: &edgeingress.EnabledModuleArgs{},
		})
		if err != nil {
			return err
		}

		// The admin console: single sign-on through SAML, one group only.
		admin, err := route("admin", &edgeingress.HttpsEdgeRouteArgs{
			MatchType:   edgeingress.MatchTypePathPrefix,
			Match:       pulumi.String("/admin"),
			Description: pulumi.String("Admin console behind SAML"),
			Backend:     to(stable.ID()),
			Saml: &edgeingress.SamlModuleArgs{
				IdpMetadata:      pulumi.String(samlIdpMetadata),
				AuthorizedGroups: pulumi.StringArray{pulumi.String("shop-admins")},
				ForceAuthn:       pulumi.Bool(true),
			},
			IpRestriction: officeOnly,
		})
		if err != nil {
			return err
		}

		// The partner portal: OpenID Connect and JWT validation.
		portal, err := route("portal", &edgeingress.HttpsEdgeRouteArgs{
			MatchType:     edgeingress.MatchTypePathPrefix,
			Match:         pulumi.String("/portal"),
			Description:   pulumi.String("Partner portal"),
			Backend:       to(stable.ID()),
			Oidc:          &edgeingress.EnabledModuleArgs{},
			JwtValidation: &edgeingress.EnabledModuleArgs{},
		})
		if err != nil {
			return err
		}

		// CI webhooks: only deliveries signed with the shared secret get through (the module is stored as a secret).
		hooks, err := route("ci-hooks", &edgeingress.HttpsEdgeRouteArgs{
			MatchType:           edgeingress.MatchTypeExactPath,
			Match:               pulumi.String("/hooks/ci"),
			Description:         pulumi.String("CI webhook deliveries"),
			Backend:             to(stable.ID()),
			WebhookVerification: &edgeingress.WebhookVerificationModuleArgs{Provider: edgeingress.WebhookProviderCI, Secret: webhookSecret},
			UserAgentFilter:     &edgeingress.EnabledModuleArgs{},
		})
		if err != nil {
			return err
		}

		// --- a TCP edge for the database and a TLS edge passed through to its service ---------------

		db, err := edgeingress.NewTcpEdge(ctx, "db", &edgeingress.TcpEdgeArgs{
			Description:   pulumi.String("Postgres for the office"),
			Hostports:     pulumi.StringArray{pulumi.String("db." + domain + ":5432")},
			Backend:       to(primaryWithStandby.ID()),
			IpRestriction: officeOnly,
		})
		if err != nil {
			return err
		}
		mqtt, err := edgeingress.NewTlsEdge(ctx, "mqtt", &edgeingress.TlsEdgeArgs{
			Description:    pulumi.String("MQTT over TLS, terminated by the broker"),
			Hostports:      pulumi.StringArray{pulumi.String("mqtt." + domain + ":8883")},
			Backend:        to(standby.ID()),
			TlsTermination: &edgeingress.TlsTerminationModuleArgs{TerminateAt: edgeingress.TerminateAtUpstream},
		})
		if err != nil {
			return err
		}

		// --- outputs ---------------------------------------------------------------------------------

		ctx.Export("officePolicyId", office.ID())
		ctx.Export("backendIds", pulumi.StringMap{
			"stable": stable.ID().ToStringOutput(), "canary": canary.ID().ToStringOutput(), "standby": standby.ID().ToStringOutput(),
			"split": split.ID().ToStringOutput(), "failover": primaryWithStandby.ID().ToStringOutput(),
		})
		ctx.Export("edgeIds", pulumi.StringMap{"web": web.ID().ToStringOutput(), "db": db.ID().ToStringOutput(), "mqtt": mqtt.ID().ToStringOutput()})
		ctx.Export("routeIds", pulumi.StringMap{
			"api": api.ID().ToStringOutput(), "app": app.ID().ToStringOutput(), "admin": admin.ID().ToStringOutput(),
			"portal": portal.ID().ToStringOutput(), "hooks": hooks.ID().ToStringOutput(),
		})
		// What to register with the identity provider for the admin console.
		ctx.Export("samlEntityId", admin.SamlServiceProvider.EntityId())
		ctx.Export("samlAssertionConsumerServiceUrl", admin.SamlServiceProvider.AssertionConsumerServiceUrl())
		return nil
	})
}
