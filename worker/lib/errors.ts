// Domain errors: what a domain module (a store, publishing, payments, credits) throws when a rule says
// no. They know nothing of HTTP; the app's onError (worker/http/errors.ts) maps each kind to a status
// and the JSON body { error, code?, issues? }. Route handlers may still throw HttpError for purely
// HTTP concerns (a bad header, a missing session). Messages are English from the server catalogue
// (worker/rules/serverMessages.ts); worker/http/locale.ts answers them in the request's language.
import { identifyMessage } from "../rules/i18n";
import server from "../rules/locales/en/server.json";
import { m } from "../rules/serverMessages";

export interface Issue {
  path: string;
  message: string;
}

export type DomainErrorKind =
  | "invalid" // 400: the input breaks a rule
  | "unauthenticated" // 401: nobody is signed in
  | "payment_required" // 402
  | "forbidden" // 403: signed in, but not allowed
  | "not_found" // 404
  | "conflict" // 409: the state has moved on (already posted, already spent)
  | "gone" // 410
  | "too_large" // 413
  | "unsupported" // 415
  | "too_many" // 429: rate limited
  | "internal" // 500: the server's own state or configuration is broken (logged)
  | "unavailable"; // 503: a dependency is missing or down

export const DOMAIN_ERROR_STATUS = {
  invalid: 400,
  unauthenticated: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  too_large: 413,
  unsupported: 415,
  too_many: 429,
  internal: 500,
  unavailable: 503,
} as const satisfies Record<DomainErrorKind, number>;

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** A stable machine-readable reason, when the client acts on it (e.g. "no_posts", "already_posted"). */
    readonly code?: string,
    readonly issues?: Issue[],
  ) {
    super(message);
    this.name = "DomainError";
  }
}

export const invalid = (message: string, code?: string, issues?: Issue[]) => new DomainError("invalid", message, code, issues);
export const notFound = (message = m("server.http.notFound"), code?: string) => new DomainError("not_found", message, code);
export const conflict = (message: string, code?: string) => new DomainError("conflict", message, code);
export const unavailable = (message: string, code?: string) => new DomainError("unavailable", message, code);
export const internal = (message: string) => new DomainError("internal", message);

/** Any zod error (classic or core) reduced to the issues we show. */
export interface ZodLikeError {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}

export function zodIssues(error: ZodLikeError): Issue[] {
  return error.issues.map((i) => ({ path: i.path.map(String).join(".") || "(root)", message: i.message }));
}

/** Our sentences that do not say which field they are about ("Must be at most 200 characters"), as zod's own do not. */
const FIELDLESS = new Set(["server.http.zodExpected", "server.common.maxChars", "server.import.flag"]);

/**
 * The message of a request's first bad parameter. Our own sentence says what is wrong in words ("Email is required",
 * "limit must be at most 100"), so it is the message alone: «قيمة email غير صالحة: البريد الإلكتروني مطلوب» named the
 * field by its code (the twentieth reading); the path stays in `issues`. zod's own words say what but not where, so
 * they (and FIELDLESS) keep the parameter: 'Invalid submissionId: Too small: …'. A JSON body that is no object says so.
 */
export function validationMessage(issues: Issue[], what = "request"): string {
  const first = issues[0];
  if (!first) return m("server.http.invalidWhat", { what });
  const found = identifyMessage(server, first.message);
  const namesNoField = !found || found.id.startsWith("server.zod.") || FIELDLESS.has(found.id);
  if (first.path === "(root)" && what === "json" && found?.id === "server.http.zodExpected" && found.values.expected === "object") return m("server.http.bodyNotObject");
  return namesNoField ? m("server.http.invalidField", { field: first.path === "(root)" ? what : first.path, message: first.message }) : first.message;
}

/** A 400 (kind "invalid") naming each bad parameter, for input a domain module validates itself. */
export function invalidInput(error: ZodLikeError, what = "request"): DomainError {
  const issues = zodIssues(error);
  return invalid(validationMessage(issues, what), undefined, issues);
}
