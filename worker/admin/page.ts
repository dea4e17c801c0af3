// GET /admin: the app's HTML, answered 200 to an admin and 404 to anyone else (the app then shows its
// '404 | Page Not Found' page, as for any unknown path). Never cached: the answer depends on who asks.
import type { Context } from "hono";
import { appPage } from "../discovery/pages";
import type { AppEnv } from "../env";
import { adminIdentity } from "./gate";

export async function adminPage(c: Context<AppEnv>): Promise<Response> {
  const page = await appPage(c.env, c.req.raw);
  const headers = new Headers(page.headers);
  headers.set("Cache-Control", "private, no-store");
  return new Response(page.body, { status: (await adminIdentity(c)) ? page.status : 404, headers });
}
