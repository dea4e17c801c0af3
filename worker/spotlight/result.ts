// A company object's answer (worker/spotlight/SpotlightCompany.ts) as the API's: its value, or its failure thrown.
import { HttpError } from "../http/errors";
import type { SpotlightResult } from "./SpotlightCompany";

/** A failure from the object as the API's error. */
export function unwrap<T>(result: SpotlightResult<T>): T {
  if (!result.ok) throw new HttpError(result.status, result.error, result.issues, result.code);
  return result.value;
}
