import { describe, expect, it } from 'vitest';
import { CUSTOMER_VIEWS, mayView } from '@/domain/customer-views';
import { PERSONAS } from '../../server/db/seed/personas';

/** The customer page's views beyond its actions, from one table the server's reads require too. */
const of = (username: string) => [...PERSONAS.find((p) => p.username === username)!.permissions];

describe('the customer views table', () => {
  it('a view needs every permission of its row', () => {
    for (const view of Object.keys(CUSTOMER_VIEWS) as (keyof typeof CUSTOMER_VIEWS)[]) {
      expect(mayView(view, [...CUSTOMER_VIEWS[view]])).toBe(true);
      for (const missing of CUSTOMER_VIEWS[view]) expect(mayView(view, CUSTOMER_VIEWS[view].filter((p) => p !== missing))).toBe(false);
    }
  });

  it('admin sees them all; a reader sees no added-card attempts', () => {
    for (const view of Object.keys(CUSTOMER_VIEWS) as (keyof typeof CUSTOMER_VIEWS)[]) expect(mayView(view, of('admin'))).toBe(true);
    expect(mayView('addedCardAttempts', of('lector'))).toBe(of('lector').includes('CRM7_AGENT'));
  });
});
