import { describe, expect, it } from 'vitest';
import { productStatusLabel } from '@/domain/products';

/** Spec details §4 "display labels" by product; every other status in the one Spanish word the grids and filters share. */
describe('productStatusLabel', () => {
  it.each([
    ['PREPAID_CARD', 'OPEN', 'En proceso'],
    ['PREPAID_CARD', 'MANUAL', 'En proceso'],
    ['PREPAID_CARD', 'PENDING_DELIVERY', 'Asignada'],
    ['PREPAID_CARD', 'IN_TRANSIT', 'En tránsito'],
    ['PREPAID_CARD', 'DELIVERED', 'Entregada'],
    ['PREPAID_CARD', 'TO_ACTIVATE', 'Por activar'],
    ['PREPAID_CARD', 'FULFILLED', 'Recargada'],
    ['PREPAID_CARD', 'CANCELLED', 'Cancelada'],
    ['REMESA_BANCARIA', 'TO_ACTIVATE', 'Aprobada'],
    ['REMESA_BANCARIA', 'MANUAL', 'En proceso'],
    ['REMESA_BANCARIA', 'PENDING_DELIVERY', 'Asignada'],
    ['REMESA_BANCARIA', 'FULFILLED', 'Completada'],
    ['REMESA_A_DOMICILIO', 'TO_ACTIVATE', 'Aprobada'],
    ['REMESA_A_DOMICILIO', 'MANUAL', 'En proceso'],
    ['REMESA_A_DOMICILIO', 'PENDING_DELIVERY', 'Asignada'],
    ['REMESA_A_DOMICILIO', 'IN_TRANSIT', 'En tránsito'],
    ['PICKUP_CASH', 'TO_ACTIVATE', 'Aprobada'],
    ['PICKUP_CASH', 'OPEN', 'En proceso'],
    ['PICKUP_CASH', 'PENDING_DELIVERY', 'Asignada'],
    ['PICKUP_CASH', 'MANUAL', 'En proceso'],
    ['TOPUP', 'OPEN', 'Abierta'],
    ['TOPUP', 'TO_ACTIVATE', 'Por activar'],
    ['TOPUP', 'MADE_UP', 'MADE_UP'],
  ])('%s in %s shows "%s"', (product, status, label) => {
    expect(productStatusLabel(product, status)).toBe(label);
  });
});
