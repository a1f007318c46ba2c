import { call, filterParams as defined, ordersPath as own, type ServiceClient } from './http';
import {
  BulkResponse,
  ClaimResponse,
  QueuePaths,
  ReleaseResponse,
  RemittanceQueueResponse,
  RiskQueueResponse,
  type BulkAnswer,
  type BulkBody,
  type Claim,
  type ClaimBody,
  type RemittanceQueue,
  type RemittanceQueueQuery,
  type RiskQueue,
  type RiskQueueQuery,
} from './contract/queues';


export async function getRemittanceQueue(orders: ServiceClient, query: RemittanceQueueQuery): Promise<RemittanceQueue> {
  return (await call(orders, (k) => k.get(own(QueuePaths.remittances), { searchParams: defined(query) }), RemittanceQueueResponse)).data;
}

export async function getRiskQueue(orders: ServiceClient, query: RiskQueueQuery): Promise<RiskQueue> {
  return (await call(orders, (k) => k.get(own(QueuePaths.risk), { searchParams: defined(query) }), RiskQueueResponse)).data;
}

/** Claims (or renews the claim on) a queue's entry; a 409 names who holds it. */
export async function claimEntry(orders: ServiceClient, key: ClaimBody): Promise<Claim> {
  return (await call(orders, (k) => k.post(own(QueuePaths.claim), { json: key }), ClaimResponse)).data;
}

export async function releaseEntry(orders: ServiceClient, key: ClaimBody): Promise<void> {
  await call(orders, (k) => k.post(own(QueuePaths.release), { json: key }), ReleaseResponse);
}


/** One action on several entries of a queue: each entry's result, or (202) the approval the batch waits for. */
export async function applyBulk(orders: ServiceClient, body: BulkBody): Promise<BulkAnswer> {
  return (await call(orders, (k) => k.post(own(QueuePaths.bulk), { json: body }), BulkResponse)).data;
}
