// Domain errors: what a domain module (a store, publishing, payments, credits) throws when a rule says
// no. They know nothing of HTTP; the app's onError (worker/http/errors.ts) maps each kind to a status
// and the JSON body { error, code?, issues? }. Route handlers may still throw HttpError for purely
// HTTP concerns (a bad header, a missing session).

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
export const notFound = (message = "Not found", code?: string) => new DomainError("not_found", message, code);
export const conflict = (message: string, code?: string) => new DomainError("conflict", message, code);
export const forbidden = (message: string, code?: string) => new DomainError("forbidden", message, code);
