import { call, type ServiceClient } from './http';
import { CallContactResponse, SimilarCallsResponse } from './contract/call-detail';

/** Contacto: who the call went to, as the customer saved them (null when they did not). */
export async function getCallContact(users: ServiceClient, callId: number) {
  return (await call(users, (k) => k.get('secured/call/contact', { searchParams: { callId: String(callId) } }), CallContactResponse)).data;
}

/** Llamadas Similares: the customer's other calls to the same number, 20 per page. */
export async function getSimilarCalls(users: ServiceClient, callId: number, page: number) {
  return (await call(users, (k) => k.get('secured/call/similar', { searchParams: { callId: String(callId), page: String(page), size: '20' } }), SimilarCallsResponse)).data;
}
