/** The gateway faults (faults-gateway.ts: look-alikes, lost answers, 429s, a wrong URL, 404 proxies) through the provider protocol, on the dynamic path. */
import { gatewaySuite } from "./faults-gateway";

gatewaySuite("dynamic");
