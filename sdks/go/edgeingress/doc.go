// Manage Edge Ingress accounts: IP policies, restrictions, API keys, edges, routes, events, certificates and SSH credentials.
package edgeingress
