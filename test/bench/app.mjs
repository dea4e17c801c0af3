// The app as `npm start` serves it, on fresh local state with the demo data, for the scripts that measure it
// (npm run soak, npm run lighthouse); or the server BASE_URL names.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * BASE_URL's server, or `node worker/cli/start.mjs` on `port` in a process group of its own (its leader's `pid`, so a
 * caller can watch workerd in it); stop() ends it and removes its state. `build: false` serves the build already in dist/.
 */
export async function startApp(port, name, { build = true } = {}) {
  if (process.env.BASE_URL) return { base: process.env.BASE_URL.replace(/\/$/, ""), pid: undefined, stop() {} };
  const persist = mkdtempSync(join(tmpdir(), `${name}-state-`));
  const child = spawn(process.execPath, ["worker/cli/start.mjs", "--port", String(port), "--persist", persist, ...(build ? [] : ["--no-build"])], {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "ignore", "inherit"],
  });
  let exited = false;
  child.on("exit", () => (exited = true));
  const stop = () => {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {}
    rmSync(persist, { recursive: true, force: true });
  };
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline && !exited) {
    try {
      if ((await fetch(`http://localhost:${port}/api/health`)).ok) return { base: `http://localhost:${port}`, pid: child.pid, stop };
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  stop();
  throw new Error("the app did not start");
}
