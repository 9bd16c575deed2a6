// SSH: a credential that lets an agent bind its tunnels, and a certificate authority that signs a
// short-lived user certificate for an engineer and a host certificate for a bastion.
import * as pulumi from "@pulumi/pulumi";
import * as ei from "@edge-ingress/pulumi";

const config = new pulumi.Config();
// OpenSSH public key lines (`ssh-ed25519 AAAA... comment`); public keys are not secrets.
const agentPublicKey = config.require("agentPublicKey");
const userPublicKey = config.require("userPublicKey");
const userName = config.get("userName") ?? "alice";
const bastionHostKey = config.require("bastionHostKey");
const bastionHostname = config.get("bastionHostname") ?? "bastion.example.com";

// The agent may bind tunnels for these hostnames only.
const agent = new ei.SshCredential("agent", {
  description: "Tunnel agent in the build network",
  publicKey: agentPublicKey,
  acl: ["bind:*.internal.example.com"],
});

// The service keeps the CA's private key; only its public key leaves it.
const ca = new ei.SshCertificateAuthority("ssh-ca", {
  description: "Signs engineer and bastion certificates",
  privateKeyType: "ed25519",
});

// A user certificate for one principal, usable from the office network only. Validity is left to the
// service (24 hours from creation): a timestamp computed here would change, and so replace the
// certificate, on every run. Renew it with `pulumi up --replace <its urn>`.
const userCertificate = new ei.SshUserCertificate("user", {
  description: `${userName}'s login certificate`,
  sshCertificateAuthorityId: ca.id,
  publicKey: userPublicKey,
  principals: [userName],
  criticalOptions: { "source-address": "203.0.113.0/24" },
  extensions: { "permit-pty": "" },
});

const hostCertificate = new ei.SshHostCertificate("bastion", {
  description: "Bastion host certificate",
  sshCertificateAuthorityId: ca.id,
  publicKey: bastionHostKey,
  principals: [bastionHostname],
});

export const agentCredentialId = agent.id;
export const caId = ca.id;
// Trust it on servers (`TrustedUserCAKeys`) and clients (`@cert-authority` in known_hosts).
export const caPublicKey = ca.publicKey;
export const userCertificateId = userCertificate.id;
// Save beside the user's key as `id_ed25519-cert.pub`.
export const userCertificateText = userCertificate.certificate;
export const hostCertificateId = hostCertificate.id;
// Install on the bastion and name it with `HostCertificate` in sshd_config.
export const hostCertificateText = hostCertificate.certificate;
