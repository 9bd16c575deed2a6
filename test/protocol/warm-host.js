// Pulumi's dynamic-provider host, run once per command in a process that outlives the commands: the
// harness's hosts.ts starts one per test file and asks it, on stdin, for a host per command ("start
// <env as JSON>", then "stop"). Each start gives the command what a fresh `pulumi-resource-pulumi-nodejs`
// process would: this checkout's modules (the runtime and all it loads) and the host's own module (its
// provider cache) loaded afresh, the host's process handlers and environment as a new process has them,
// a new gRPC server on a new port printed on stdout. What is kept is only the libraries' code under
// node_modules (@pulumi/pulumi, TypeScript, undici, zod...), whose loading was most of a host's 1.5-2 s
// of CPU a command. Preloaded with ts-require.js, as the one-process host is.
"use strict";
const path = require("node:path");
const readline = require("node:readline");
const grpc = require("@grpc/grpc-js");

const ROOT = path.resolve(__dirname, "..", "..");
const HOST = path.join(ROOT, "node_modules", "@pulumi", "pulumi", "cmd", "dynamic-provider", "index.js");
const HOST_DIR = path.dirname(HOST);
const MODULES = path.join(ROOT, "node_modules") + path.sep;
const BASE_ENV = { ...process.env };
const BASE_LISTENERS = Object.fromEntries(
  ["uncaughtException", "unhandledRejection", "exit"].map((event) => [event, process.listeners(event)]),
);

// The host's server is a local of its main(): each one bound is kept here, to be shut at "stop".
let servers = [];
const bind = grpc.Server.prototype.bindAsync;
grpc.Server.prototype.bindAsync = function (...args) {
  servers.push(this);
  return bind.apply(this, args);
};

/** Everything a new process would load afresh: this checkout's modules and the host's directory. */
const fresh = (file) => (file.startsWith(ROOT + path.sep) && !file.startsWith(MODULES)) || file.startsWith(HOST_DIR + path.sep);

function start(env) {
  for (const file of Object.keys(require.cache)) if (fresh(file) && file !== __filename) delete require.cache[file];
  for (const [event, listeners] of Object.entries(BASE_LISTENERS)) {
    process.removeAllListeners(event);
    for (const l of listeners) process.on(event, l);
  }
  process.exitCode = undefined;
  for (const k of Object.keys(process.env)) if (!(k in BASE_ENV)) delete process.env[k];
  Object.assign(process.env, BASE_ENV, env);
  process.argv = [process.argv[0], HOST, "127.0.0.1:0"];
  // Its main() runs on load and prints the port (console.log, as the engine reads it).
  require(HOST);
}

function stop() {
  const closing = servers;
  servers = [];
  for (const s of closing) s.forceShutdown();
}

// Lines on stderr around each command, so the harness gives each command only what its host wrote.
const MARK = process.argv[2];
readline.createInterface({ input: process.stdin }).on("line", (line) => {
  const [verb, ...rest] = line.split(" ");
  if (verb === "start") {
    process.stderr.write(`${MARK} start\n`);
    start(JSON.parse(rest.join(" ")));
  } else if (verb === "stop") {
    stop();
    // On stderr, after all the command's host wrote there, so the harness has it all when this arrives.
    process.stderr.write(`${MARK} stopped\n`);
  }
});
process.stdin.on("end", () => process.exit(0));
