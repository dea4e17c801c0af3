// The web's one way to call the JSON API: Hono's typed client over the worker's own route types
// (`App` from worker/app.ts, built as declarations by `tsc -b web`). Request and response types come
// from the routes themselves; nothing here is copied by hand. `call` turns a non-ok answer into
// ApiRequestError carrying the server's own message ({ error, code?, issues? }, worker/http/errors.ts).
import { DetailedError, hc, parseResponse, type ClientResponse, type InferResponseType } from "hono/client";
import type { App } from "../worker/app";
import { boardLocale, i18n } from "./i18n";

/** The typed client: `api.jobs[":id"].$get({ param: { id } })`, and so on for every route under /api. */
export const api = hc<App>("/", {
  // The board's language, so the API's error messages come back in it (worker/http/locale.ts).
  headers: { Accept: "application/json", "Accept-Language": boardLocale },
  init: { credentials: "same-origin" },
}).api;

export interface ApiIssue {
  path: string;
  message: string;
}

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues: ApiIssue[] = [],
    /** The server's stable reason, when it gives one (e.g. "no_posts", "not_paid"). */
    readonly code?: string,
  ) {
    super(message);
    this.name = "ApiRequestError";
  }
}

function errorBody(data: unknown): { error?: string; issues?: ApiIssue[]; code?: string } {
  return data && typeof data === "object" ? (data as { error?: string; issues?: ApiIssue[]; code?: string }) : {};
}

/**
 * Awaits a typed request and returns its success body, typed from the route. A failure (4xx/5xx, or no
 * network) throws ApiRequestError with the server's message; status 0 means the request never got an answer.
 */
export async function call<R extends ClientResponse<unknown>>(request: R | Promise<R>): ReturnType<typeof parseResponse<R>> {
  try {
    return await parseResponse(request);
  } catch (e) {
    if (e instanceof DetailedError) {
      const status = typeof e.statusCode === "number" ? e.statusCode : 0;
      const body = errorBody((e.detail as { data?: unknown } | undefined)?.data);
      throw new ApiRequestError(status, body.error || i18n().t("common.requestFailed", { status: String(status) }), body.issues ?? [], body.code);
    }
    if (e instanceof DOMException && e.name === "AbortError") throw e;
    throw new ApiRequestError(0, i18n().t("common.offline"));
  }
}

/** The success body of a client endpoint, e.g. `Success<typeof api.jobs.$get>`. */
export type Success<E extends (...args: never[]) => unknown> = InferResponseType<E, 200>;
