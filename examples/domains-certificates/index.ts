// Domains and certificates: a domain whose certificate the service obtains and renews, and a domain
// served with a certificate that our own CA signed, uploaded with its private key.
import * as pulumi from "@pulumi/pulumi";
import * as ei from "@edge-ingress/pulumi";

const config = new pulumi.Config();
const shopDomain = config.require("shopDomain");
const appDomain = config.require("appDomain");
// PEM text, set from files: `pulumi config set internalCaPem < ca.pem`.
const internalCaPem = config.require("internalCaPem");
// The leaf first, then the intermediates up to (optionally) the root.
const appCertificatePem = config.require("appCertificatePem");
// `pulumi config set --secret appPrivateKeyPem < app.key`: stored encrypted, never in plain text.
const appPrivateKeyPem = config.requireSecret("appPrivateKeyPem");

// The service obtains a certificate from the public ACME authority and renews it.
const shop = new ei.ReservedDomain("shop", {
  domain: shopDomain,
  description: "Storefront",
  certificateManagementPolicy: { authority: "letsencrypt", privateKeyType: "ecdsa" },
});

// Our internal CA, uploaded so the service knows it (an edge's mutual TLS module can trust it too).
const internalCa = new ei.CertificateAuthority("internal-ca", {
  description: "Internal CA",
  caPem: internalCaPem,
});

// A certificate the internal CA signed, with its private key (a write-only secret).
const appCertificate = new ei.TlsCertificate("app", {
  description: `Certificate for ${appDomain}`,
  certificatePem: appCertificatePem,
  privateKeyPem: appPrivateKeyPem,
});

const app = new ei.ReservedDomain("app", {
  domain: appDomain,
  description: "Internal app",
  certificateId: appCertificate.id,
});

export const shopDomainId = shop.id;
// Point the domain's DNS record at this target (CNAME) so the service can serve it and obtain its certificate.
export const shopCnameTarget = shop.cnameTarget;
export const appDomainId = app.id;
export const appCnameTarget = app.cnameTarget;
export const internalCaId = internalCa.id;
export const internalCaNotAfter = internalCa.notAfter;
export const appCertificateId = appCertificate.id;
export const appCertificateDetails = {
  subjectCommonName: appCertificate.subjectCommonName,
  issuerCommonName: appCertificate.issuerCommonName,
  notAfter: appCertificate.notAfter,
};
