/**
 * The outbox's resend window (issue 13 §5, event/send/*): the same e-mail about the same document
 * is not queued again within a minute, so a double click or a retried request does not send the
 * customer the same e-mail twice. A notify chart reads, as a fact of its store's input, where its
 * e-mail was queued within the window (server/activity/outbox.ts `queuedWithin`), and refuses a
 * resend there with `Msg.alreadySent`.
 */

/** How long the same e-mail about the same document is not queued again. */
export const RESEND_WINDOW_MS = 60_000;

/**
 * Whether the e-mail a request asks was queued within the window. `queued` are the addresses the
 * same e-mail went to then (lower case), with '' when one of them is the document's own: what a
 * request that gives no address (`emailForced` empty) asks.
 */
export function sentWithinWindow(queued: readonly string[], emailForced: string | undefined | null): boolean {
  return queued.includes((emailForced ?? '').trim().toLowerCase());
}

/**
 * A notify chart's guard: the request's e-mail (`emailForced`: '' for the document's own address)
 * went out within the window. A button's probe names no address (its form may still ask for
 * another): not refused.
 */
export function resentWithin(queued: readonly string[] | undefined, emailForced: string | undefined): boolean {
  return emailForced !== undefined && sentWithinWindow(queued ?? [], emailForced);
}
