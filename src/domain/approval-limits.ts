/**
 * Four-eyes defaults (issue 14 §6), apart from the rest of src/domain/approvals.ts: the console's
 * configuration reads the threshold at start-up, before any approval is shown.
 */

/** The threshold's default, in US dollars (the server's FOUR_EYES_THRESHOLD_USD). */
export const FOUR_EYES_THRESHOLD_USD = 500;
/** How long a request waits for its second person (the server's FOUR_EYES_HOURS). */
export const FOUR_EYES_HOURS = 24;
/**
 * The rolling window the threshold weighs (issue 28 §4, the server's FOUR_EYES_WINDOW_HOURS): what
 * one person did of one kind to one customer or order in the last this-many hours counts with the
 * request, so an amount split in several requests waits like the whole would.
 */
export const FOUR_EYES_WINDOW_HOURS = 24;
