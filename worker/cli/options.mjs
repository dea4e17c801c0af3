// The command line of every npm script that takes options (start, seed, deploy, bench, soak, lighthouse, and
// worker/cli/serve.mjs run on its own): `--help` (or `-h`) prints the script's usage and exits 0; an unknown option,
// a missing value or a value of the wrong kind prints what is wrong and the usage, and exits 2. Never a stack trace.
import { createServer } from "node:net";
import { parseArgs } from "node:util";

/** Exits 2 with `problem` and the usage. */
export function usageError(usage, problem) {
  console.error(`${problem}\n\n${usage}`);
  process.exit(2);
}

/**
 * node:util's parseArgs with `--help`, and its errors said as a person would: "Unknown option '--prot'", not a stack.
 * @param {string} usage the script's usage, printed by --help and after an error
 * @param {import("node:util").ParseArgsConfig["options"]} options
 * @param {string[]} [args]
 */
export function cliOptions(usage, options, args = process.argv.slice(2)) {
  let values;
  try {
    ({ values } = parseArgs({ args, options: { ...options, help: { type: "boolean", short: "h", default: false } } }));
  } catch (error) {
    if (typeof error?.code === "string" && error.code.startsWith("ERR_PARSE_ARGS")) usageError(usage, error.message);
    throw error;
  }
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  return values;
}

/** A port given on the command line (or in an environment variable): an integer from 1 to 65535, or exit 2. */
export function portNumber(usage, value, name = "--port") {
  const port = Number(value);
  if (!/^\d+$/.test(String(value).trim()) || port < 1 || port > 65535) usageError(usage, `${name} must be a port number from 1 to 65535, not '${value}'`);
  return port;
}

const listens = (port, host) =>
  new Promise((ok) => {
    const probe = createServer();
    probe.once("error", (error) => ok(error.code === "EADDRNOTAVAIL" || error.code === "EAFNOSUPPORT" ? "free" : error.code));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => ok("free")));
  });

/**
 * Whether something already listens on `port` on this machine (IPv4 or IPv6 loopback): "free", or the error
 * ("EADDRINUSE", "EACCES", …) a server would meet there.
 */
export async function portState(port) {
  for (const host of ["127.0.0.1", "::1"]) {
    const state = await listens(port, host);
    if (state !== "free") return state;
  }
  return "free";
}

/** What to say when a server cannot listen on `port`, with the command that would start it elsewhere. */
export function portBusyMessage(port, state, retry) {
  const why = state === "EACCES" ? "this user may not listen there" : "something is already listening there (another npm start?)";
  return `Port ${port} cannot be used: ${why}. Stop it, or choose another port: ${retry}`;
}
