// Saved jobs (issue 26): the schema of the saves a browser hands over at sign-in. Apart from ./saved.ts so
// that the listing, which saves, does not load zod (the first-load budget, issue 24).
import { z } from "zod";
import { SAVED_MAX } from "./saved";
import type { BrowserSave } from "./saved";

const browserSaveSchema = z.object({
  jobId: z.string().min(1).max(100),
  savedAt: z.number().int().nonnegative(),
  fingerprint: z
    .string()
    .regex(/^[0-9a-f]{8}$/)
    .or(z.literal(""))
    .default(""),
}) satisfies z.ZodType<BrowserSave, unknown>;

export const browserSavesSchema = z.object({ items: z.array(browserSaveSchema).max(SAVED_MAX) });
