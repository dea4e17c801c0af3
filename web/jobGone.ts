// Whether a job's read failed because the job is not there (never was, expired or deleted: 404 or 410), which its page
// and its apply page say in the same words.
import { ApiRequestError } from "./client";

export const jobGone = (error: unknown): boolean => error instanceof ApiRequestError && (error.status === 404 || error.status === 410);
