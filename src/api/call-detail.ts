import { call, type ServiceClient } from './http';
import { CallContactResponse, SimilarCallsResponse } from './contract/call-detail';
import type { CallRow } from './contract/calls';
import { getCalls } from './lists';

/** Contacto: who the call went to, as the customer saved them (null when they did not). */
export async function getCallContact(users: ServiceClient, callId: number) {
  return (await call(users, (k) => k.get('secured/call/contact', { searchParams: { callId: String(callId) } }), CallContactResponse)).data;
}

/** Llamadas Similares: the customer's other calls to the same number, 20 per page. */
export async function getSimilarCalls(users: ServiceClient, callId: number, page: number) {
  return (await call(users, (k) => k.get('secured/call/similar', { searchParams: { callId: String(callId), page: String(page), size: '20' } }), SimilarCallsResponse)).data;
}

/**
 * A call of the calls list read again (after a return, for its chart's new snapshot): the list by
 * its customer, number and origin, newest first, and the call by id; null when it is no longer
 * among the newest 100 of them (its chart then offers nothing until the list is read again).
 */
export async function getCallAgain(users: ServiceClient, row: CallRow): Promise<CallRow | null> {
  const page = await getCalls(users, { accountId: String(row.accountId), e164: row.calledStation, src: row.src ?? '', page: '0', size: '100' });
  return page.elements.find((c) => c.id === row.id) ?? null;
}
