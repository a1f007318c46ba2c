import { describe, expect, it } from 'vitest';
import { changedFields } from '@/domain/diff';

describe('changed fields for the action log', () => {
  it('keeps only what changed', () => {
    expect(changedFields({ a: 1, b: 'x', c: [1] }, { a: 1, b: 'y', c: [1] })).toEqual({ b: { before: 'x', after: 'y' } });
  });
  it('treats missing and null alike and notices added or removed fields', () => {
    expect(changedFields({ a: null }, { a: undefined })).toEqual({});
    expect(changedFields(null, { provider: 'TWILIO' })).toEqual({ provider: { before: null, after: 'TWILIO' } });
    expect(changedFields({ prefix: '53' }, null)).toEqual({ prefix: { before: '53', after: null } });
  });
  it('compares nested values by content', () => {
    expect(changedFields({ o: { x: 1 } }, { o: { x: 1 } })).toEqual({});
    expect(changedFields({ o: { x: 1 } }, { o: { x: 2 } })).toEqual({ o: { before: { x: 1 }, after: { x: 2 } } });
  });
});
