import { badRequest, conflict, notFound } from './http';

/**
 * The only refusals a domain's handler, store or route may make itself (issue 38). Every other rule
 * of an action (an amount above what is left, an order without an e-mail, a group beyond the
 * actor's reach) is a guard of its chart: the mover asks the chart and answers 409 with the reason
 * the chart states, and the page's form asks the same chart before it sends anything.
 * tests/server/handler-refusals.test.ts reads every `throw` under server/<domain>/ and fails on one
 * that is not made by these (or `notFound`, or a rethrow, or an invariant's `new Error`).
 */

/**
 * 400: the request's shape where a schema alone cannot say it: two fields that must agree, a file's
 * bytes, a value outside a catalogue the database holds (a place, an active courier, a file of this
 * item), a date ahead of the server's clock (the form checks it against the browser's first).
 */
export const malformed = (text: string) => badRequest(text);

/** 404: the entity the request acts on (or reads) does not exist, or is not this customer's. */
export { notFound };

/** 409: someone changed the entity between the read and this write (a version, a row count that moved). */
export const changedMeanwhile = (text: string) => conflict(text);

/** 409: the value must be unique and another record holds it now (an e-mail, a phone, a list entry, a pending approval). */
export const taken = (text: string) => conflict(text);

/** 409: a chart asked outside the mover (the claim gate's queueClaim chart) refused, with the reason it states. */
export const refusedByChart = (text: string) => conflict(text);
