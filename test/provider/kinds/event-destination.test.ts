import { useRuntime } from "../runtime-fixture";

const fx = useRuntime();
const P = { __provider: "serialized" };
const monitoring = { monitoring: { apiKey: "mon-key-1" } };
const stream = { stream: { streamResourceName: "arn:stream/1", auth: { creds: { accessKeyId: "AKIA1", secretAccessKey: "s3cr3t" } } } };

describe("EventDestination provider", () => {
  it("fills the service's defaults so an omitted format or monitoring tag is no drift", async () => {
    const { runtime } = fx;
    const created = await runtime.create("EventDestination", { ...P, target: monitoring });
    expect(created.outs).toMatchObject({
      format: "json",
      target: { monitoring: { apiKey: "mon-key-1", tags: "", service: "", site: "" }, stream: null },
    });
    expect((await runtime.diff("EventDestination", created.id, created.outs, { ...P, target: monitoring })).changes).toBe(false);
    const read = await runtime.read("EventDestination", created.id, created.outs);
    expect((await runtime.diff("EventDestination", created.id, read.props!, { ...P, target: monitoring })).changes).toBe(false);
  });

  it("changes the target in place, to another member too", async () => {
    const { runtime, client } = fx;
    const created = await runtime.create("EventDestination", { ...P, target: monitoring });
    const news = { ...P, target: stream, description: "to the stream" };
    expect(await runtime.diff("EventDestination", created.id, created.outs, news)).toMatchObject({ changes: true, replaces: [] });
    const updated = await runtime.update("EventDestination", created.id, created.outs, news);
    expect(updated.outs).toMatchObject({ target: { monitoring: null, stream: stream.stream }, description: "to the stream" });
    expect((await client.eventDestinations.get(created.id)).target.stream?.streamResourceName).toBe("arn:stream/1");
    expect((await runtime.diff("EventDestination", created.id, updated.outs, news)).changes).toBe(false);
  });

  it("rejects a target with two members at check, naming target in the reason only (it is secret)", async () => {
    const res = await fx.runtime.check("EventDestination", {}, { ...P, target: { ...monitoring, ...stream } });
    expect(res.failures).toEqual([{ property: "", reason: expect.stringMatching(/^target: must have exactly one of/) }]);
    expect(JSON.stringify(res.failures)).not.toContain("s3cr3t");
  });
});
