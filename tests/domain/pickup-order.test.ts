import { describe, expect, it } from 'vitest';
import { isPickupOrder, pickupOrderLabel } from '@/domain/pickup-order';

const card = { paymentMethodType: 'CREDIT_CARD', paymentGateway: null };
const zelle = { paymentMethodType: 'THIRD_PARTY', paymentGateway: 'ZELLE' };
const store = { paymentMethodType: 'THIRD_PARTY', paymentGateway: 'TIENDA' };

describe('a pickup order (spec details §4)', () => {
  it('is one with a pickup-cash payment, by its gateway or its method type', () => {
    expect(isPickupOrder([{ paymentMethodType: 'THIRD_PARTY', paymentGateway: 'PICKUP_CASH' }])).toBe(true);
    expect(isPickupOrder([{ paymentMethodType: 'PICKUP_CASH', paymentGateway: null }])).toBe(true);
  });

  it('is one when any of its payments is pickup cash, beside others', () => {
    expect(isPickupOrder([card, { paymentMethodType: 'THIRD_PARTY', paymentGateway: 'PICKUP_CASH' }])).toBe(true);
  });

  it('is not one paid by card, user credit, Zelle or at a store, nor one without payments', () => {
    expect(isPickupOrder([card, zelle, store, { paymentMethodType: 'USER_CREDIT', paymentGateway: null }])).toBe(false);
    expect(isPickupOrder([])).toBe(false);
  });

  it('carries the mark the order card and the orders list show', () => {
    expect(pickupOrderLabel([{ paymentMethodType: 'THIRD_PARTY', paymentGateway: 'PICKUP_CASH' }])).toBe('Orden de recogida');
    expect(pickupOrderLabel([card])).toBeNull();
  });
});
