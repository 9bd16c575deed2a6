/**
 * jest setupFilesAfterEnv of the engine, protocol and paced tiers: a test's default timeout there is 10 minutes, not
 * jest.config.js's 2. An engine command costs seconds of CPU, and a clean clone's run shares two cores among
 * three engine files, the paced ones and the static checks: a test of seven commands took over two minutes
 * there, and over five once Go programs' builds shared the cores too. The timeout is for a hang, not a
 * measure of speed (the benchmark's job).
 */
jest.setTimeout(600_000);
