// The mail outbox (README, Decisions: "Mail: an outbox"): what a change queues in its own batch. The table and its SQL
// are in ./store.ts; this is the name the senders of mail import.
export { enqueueMail, enqueueMailWhen } from "./store";
export type { OutgoingMail } from "./store";
