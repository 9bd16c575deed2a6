module edges

go 1.25.11

require (
	github.com/edge-ingress/pulumi/sdks/go v0.1.0
	github.com/pulumi/pulumi/sdk/v3 v3.259.0
)

replace github.com/edge-ingress/pulumi/sdks/go => ./sdks/edgeingress
