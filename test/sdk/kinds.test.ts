/**
 * What every listed collection of the sdk shares, generated from one table (a row per collection):
 * list() follows next_page_uri across pages, yielding each item once, and a wrong token is an
 * AuthenticationError. The rules of one kind stay in its own file.
 */
import { AuthenticationError, type EdgeIngress } from "../../sdk";
import { useEmulator } from "../support/emulator";
import { caPem, chain, sshPublicKey } from "../support/pki";
import { expectApiError, expectPagination } from "./expect";

type Listed = { id: string };
interface Collection {
  list(params?: {
    limit?: number;
  }): AsyncIterable<Listed> & { pages(): AsyncIterable<{ items: readonly Listed[] }>; toArray(): Promise<Listed[]> };
}

interface Row {
  /** The client's property. */
  resource: keyof EdgeIngress;
  /** Makes what the items need, then returns how to create the i-th. */
  creator(client: EdgeIngress): Promise<(i: number) => Promise<Listed>>;
}

let port = 41000;
const hostport = (i: number) => `page-${i}-${port++}.example.com:443`;

const ROWS: Row[] = [
  { resource: "apiKeys", creator: async (c) => (i) => c.apiKeys.create({ description: `k${i}` }) },
  { resource: "ipPolicies", creator: async (c) => (i) => c.ipPolicies.create({ description: `p${i}` }) },
  {
    resource: "ipRestrictions",
    creator: async (c) => {
      const policy = (await c.ipPolicies.create({})).id;
      const types = ["dashboard", "api", "agent", "endpoints"] as const;
      return (i) => c.ipRestrictions.create({ type: types[i % 4], ipPolicyIds: [policy] });
    },
  },
  {
    resource: "ipPolicyRules",
    creator: async (c) => {
      const policy = (await c.ipPolicies.create({})).id;
      return (i) => c.ipPolicyRules.create({ ipPolicyId: policy, cidr: `10.${i >> 8}.${i & 255}.0/24`, action: "deny" });
    },
  },
  {
    resource: "eventDestinations",
    creator: async (c) => (i) => c.eventDestinations.create({ target: { monitoring: { apiKey: `k${i}` } } }),
  },
  {
    resource: "eventSubscriptions",
    creator: async (c) => {
      const destination = (await c.eventDestinations.create({ target: { monitoring: { apiKey: "k" } } })).id;
      return () => c.eventSubscriptions.create({ destinationIds: [destination] });
    },
  },
  { resource: "tunnelGroupBackends", creator: async (c) => (i) => c.tunnelGroupBackends.create({ description: `g${i}` }) },
  {
    resource: "weightedBackends",
    creator: async (c) => {
      const group = (await c.tunnelGroupBackends.create({})).id;
      return (i) => c.weightedBackends.create({ backends: { [group]: i + 1 } });
    },
  },
  {
    resource: "failoverBackends",
    creator: async (c) => {
      const group = (await c.tunnelGroupBackends.create({})).id;
      return () => c.failoverBackends.create({ backends: [group] });
    },
  },
  { resource: "tcpEdges", creator: async (c) => (i) => c.tcpEdges.create({ hostports: [hostport(i)] }) },
  { resource: "tlsEdges", creator: async (c) => (i) => c.tlsEdges.create({ hostports: [hostport(i)] }) },
  { resource: "httpsEdges", creator: async (c) => (i) => c.httpsEdges.create({ hostports: [hostport(i)] }) },
  { resource: "reservedDomains", creator: async (c) => (i) => c.reservedDomains.create({ domain: `page${i}.example.com` }) },
  {
    resource: "certificateAuthorities",
    creator: async (c) => {
      const pem = caPem();
      return () => c.certificateAuthorities.create({ caPem: pem });
    },
  },
  {
    resource: "tlsCertificates",
    creator: async (c) => {
      const { chainPem, leaf } = chain();
      return () => c.tlsCertificates.create({ certificatePem: chainPem, privateKeyPem: leaf.keyPem });
    },
  },
  {
    resource: "sshCredentials",
    creator: async (c) => {
      const key = sshPublicKey();
      return (i) => c.sshCredentials.create({ publicKey: key, description: `c${i}` });
    },
  },
  { resource: "sshCertificateAuthorities", creator: async (c) => () => c.sshCertificateAuthorities.create({ privateKeyType: "ed25519" }) },
  {
    resource: "sshUserCertificates",
    creator: async (c) => {
      const ca = (await c.sshCertificateAuthorities.create({ privateKeyType: "ed25519" })).id;
      const key = sshPublicKey();
      return () => c.sshUserCertificates.create({ sshCertificateAuthorityId: ca, publicKey: key });
    },
  },
  {
    resource: "sshHostCertificates",
    creator: async (c) => {
      const ca = (await c.sshCertificateAuthorities.create({ privateKeyType: "ed25519" })).id;
      const key = sshPublicKey();
      return () => c.sshHostCertificates.create({ sshCertificateAuthorityId: ca, publicKey: key });
    },
  },
  { resource: "tunnelCredentials", creator: async (c) => (i) => c.tunnelCredentials.create({ description: `c${i}` }) },
];

/** Collections without a paged list of their own: endpoints are made by edges, sources and routes listed through their parent. */
const NOT_PAGED = ["endpoints", "eventSources", "httpsEdgeRoutes"];

const emu = useEmulator();
const collection = (client: EdgeIngress, row: Row) => client[row.resource] as unknown as Collection;

test("the table has every collection of the client with a list operation", () => {
  const listed = Object.entries(emu.client)
    .filter(([, value]) => typeof (value as Partial<Collection> | null)?.list === "function")
    .map(([name]) => name)
    .filter((name) => !NOT_PAGED.includes(name));
  expect(ROWS.map((r) => r.resource).sort()).toEqual(listed.sort());
});

describe.each(ROWS.map((row) => [row.resource, row] as const))("%s", (_name, row) => {
  test("list follows next_page_uri across pages, each item once", async () => {
    const create = await row.creator(emu.client);
    await expectPagination(create, (limit) => collection(emu.client, row).list({ limit }));
  });

  test("a wrong token → AuthenticationError UNAUTHORIZED", async () => {
    await expectApiError(collection(emu.clientWith("not-a-real-token"), row).list().toArray(), AuthenticationError, "UNAUTHORIZED");
  });
});
