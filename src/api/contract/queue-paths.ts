/**
 * The work queues' paths, apart from their schemas: the live stream's client needs the path only
 * (the order page must not load the queues' schemas).
 */
export const QueuePaths = {
  remittances: '/orders/secured/queues/remittances',
  risk: '/orders/secured/queues/risk',
  claim: '/orders/secured/claims',
  release: '/orders/secured/claims/release',
  changes: '/orders/secured/changes',
  /** One action on several entries of a queue (issue 28 §3). */
  bulk: '/orders/secured/queues/bulk',
} as const;
