import { call, ordersPath as own, type ServiceClient } from './http';
import { HeldClaimsResponse, SupervisionPaths, SupervisionResponse, type HeldClaim, type Supervision } from './contract/supervision';

/** Supervisión (issue 28 §1): the queues' health, today's work and seven days of depth. */
export async function getSupervision(orders: ServiceClient): Promise<Supervision> {
  return (await call(orders, (k) => k.get(own(SupervisionPaths.figures)), SupervisionResponse)).data;
}

/** The claims held now, longest held first. */
export async function getHeldClaims(orders: ServiceClient): Promise<HeldClaim[]> {
  return (await call(orders, (k) => k.get(own(SupervisionPaths.claims)), HeldClaimsResponse)).data.elements;
}
