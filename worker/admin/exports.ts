// CSV exports of the console (issue 23, item 13): orders, refunds, accounts and the audit log over a range
// of days, streamed a page at a time (a ReadableStream that reads the next page only when the client
// takes the last), so a year of orders never sits in memory. The rows come from the console's store.
import { decodeCursor } from "./cursor";
import type { Page } from "../rules/admin";
import type { ListParams } from "./store";

const PAGE = 500;

/** One CSV cell: quoted when needed; a cell that a spreadsheet would run as a formula is made text. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly unknown[]) => `${cells.map(csvCell).join(",")}\r\n`;

/**
 * A CSV file as a stream: the header, then every row of every page `read` gives, oldest first, in the
 * range of `list`. Each page is read when the stream is pulled.
 */
export function csvStream<T>(
  header: readonly string[],
  read: (list: ListParams) => Promise<Page<T>>,
  cells: (row: T) => unknown[],
  list: Omit<ListParams, "after" | "limit" | "sort">,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: ListParams["after"] = null;
  let done = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(csvLine(header)));
    },
    async pull(controller) {
      if (done) return;
      const page = await read({ ...list, sort: "oldest", after, limit: PAGE });
      if (page.rows.length) controller.enqueue(encoder.encode(page.rows.map((r) => csvLine(cells(r))).join("")));
      if (!page.nextCursor) {
        done = true;
        controller.close();
        return;
      }
      after = decodeCursor(page.nextCursor);
    },
  });
}
