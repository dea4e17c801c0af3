// Statements that run only when a guard holds, inside one D1 batch (one transaction, applied in order).
// Fulfilment claims an order by writing a fresh token; every later statement of the same batch checks
// that token, so a doubled, replayed or concurrent fulfilment does nothing after the first. The guarded
// statements themselves live in their stores (the outbox's in worker/mail/outbox.ts enqueueMailWhen).

export interface Guard {
  sql: string;
  params: unknown[];
}

export function orderTokenGuard(orderId: string, token: string): Guard {
  return { sql: "EXISTS (SELECT 1 FROM orders WHERE id = ? AND fulfilment_token = ?)", params: [orderId, token] };
}
