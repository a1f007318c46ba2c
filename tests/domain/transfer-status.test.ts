import { describe, expect, it } from 'vitest';
import { requestStatusShown, transferStatusShown } from '@/domain/transfer';

describe('statuses of the Transfer tab (details §4)', () => {
  it('a transfer: COMPLETADO, EN_PROCESO, anything else an error that keeps its code', () => {
    expect(transferStatusShown('COMPLETED')).toEqual({ label: 'COMPLETADO', tone: 'success' });
    expect(transferStatusShown('COMPLETADO')).toEqual({ label: 'COMPLETADO', tone: 'success' });
    expect(transferStatusShown('PENDING')).toEqual({ label: 'EN_PROCESO', tone: 'warning' });
    expect(transferStatusShown('EN_PROCESO')).toEqual({ label: 'EN_PROCESO', tone: 'warning' });
    expect(transferStatusShown('FAILED')).toEqual({ label: 'ERROR (FAILED)', tone: 'danger' });
    expect(transferStatusShown('CANCELLED')).toEqual({ label: 'ERROR (CANCELLED)', tone: 'danger' });
    expect(transferStatusShown('')).toEqual({ label: 'ERROR', tone: 'danger' });
  });

  it('a payment request: APPROVED, OPEN, any other as it is', () => {
    expect(requestStatusShown('PAID')).toEqual({ label: 'APPROVED', tone: 'success' });
    expect(requestStatusShown('PENDING')).toEqual({ label: 'OPEN', tone: 'warning' });
    expect(requestStatusShown('OPEN')).toEqual({ label: 'OPEN', tone: 'warning' });
    expect(requestStatusShown('EXPIRED')).toEqual({ label: 'EXPIRED', tone: 'neutral' });
  });
});
