import { describe, expect, it } from 'vitest';
import { getNextSnapshot } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { claimChart, claimMachine, heldByAnother, type ClaimContext, type ClaimEvent } from '@/machines/queue/claim.machine';
import { describePath, itCoversTheChart } from '../support/machine-coverage';

/**
 * Two people (1 and 2) claiming, renewing, releasing, acting on one entry and being told of a
 * revocation, and a lead (3) and a non-lead (2) revoking, from each stored claim.
 */
const EVENTS: ClaimEvent[] = [
  ...[1, 2].flatMap((actorId) => (['claim.take', 'claim.release', 'claim.act', 'claim.told'] as const).map((type) => ({ type, actorId }))),
  { type: 'claim.revoke', actorId: 3, lead: true },
  { type: 'claim.revoke', actorId: 2, lead: false },
];
const STARTS: Record<string, ClaimContext> = {
  'no claim': { holderId: null, lapsed: false, revoked: false },
  'held by 1': { holderId: 1, lapsed: false, revoked: false },
  'lapsed claim of 1': { holderId: 1, lapsed: true, revoked: false },
  'claim of 1 revoked by a lead': { holderId: 1, lapsed: false, revoked: true },
};

describe('the claim chart (queueClaim)', () => {
  const all = Object.values(STARTS).flatMap((input) => createTestModel(claimMachine, { events: EVENTS, input } as never).getShortestPaths());

  itCoversTheChart('queueClaim', claimMachine, all, 'every state and transition is reached from the stored claims');

  for (const [name, input] of Object.entries(STARTS)) {
    it(`from ${name}: on every path, nobody but the holder renews, releases or acts while it is held`, () => {
      const paths = createTestModel(claimMachine, { events: EVENTS, input } as never).getShortestPaths();
      expect(paths.length).toBeGreaterThan(1);
      for (const path of paths) {
        for (const step of path.steps) {
          const snapshot = step.state as ReturnType<typeof claimChart>;
          for (const event of EVENTS) {
            const refused = heldByAnother(snapshot, event.actorId);
            if (refused && event.type !== 'claim.revoke') expect(snapshot.can(event), `${describePath(path)}: ${event.type} by ${event.actorId}`).toBe(false);
            // Whoever may take it free may take it; the holder may always renew, unless a lead revoked it.
            if (event.type === 'claim.take' && !refused) expect(snapshot.can(event)).toBe(!(snapshot.matches('revoked') && snapshot.context.holderId === event.actorId));
            // Only a lead revokes, and only a claim that is held.
            if (event.type === 'claim.revoke') expect(snapshot.can(event)).toBe(event.lead && snapshot.matches('claimed'));
            // Only the holder of a revoked claim is told.
            if (event.type === 'claim.told') expect(snapshot.can(event)).toBe(snapshot.matches('revoked') && snapshot.context.holderId === event.actorId);
          }
          if (snapshot.matches('claimed')) expect(snapshot.context.holderId).not.toBeNull();
        }
      }
    });
  }

  it('restores a stored claim by the time: held until it expires, then free for anyone', () => {
    const claim = { holderId: 1, expiresAt: '2026-11-24T10:05:00.000Z' };
    const at = (iso: string) => claimChart(claim, Date.parse(iso));
    expect(at('2026-11-24T10:04:59.999Z').value).toBe('claimed');
    expect(heldByAnother(at('2026-11-24T10:04:59.999Z'), 2)).toBe(true);
    expect(heldByAnother(at('2026-11-24T10:04:59.999Z'), 1)).toBe(false);
    expect(at('2026-11-24T10:05:00.000Z').value).toBe('expired');
    expect(at('2026-11-24T10:05:00.000Z').can({ type: 'claim.take', actorId: 2 })).toBe(true);
    expect(claimChart(null, 0).value).toBe('free');
  });

  it('a revoked claim frees the entry for others; its holder is refused once, told, and may claim it again', () => {
    const revoked = claimChart({ holderId: 1, expiresAt: '2026-11-24T10:05:00.000Z', revoked: true }, Date.parse('2026-11-24T10:01:00.000Z'));
    expect(revoked.value).toBe('revoked');
    expect(heldByAnother(revoked, 2)).toBe(false);
    expect(revoked.can({ type: 'claim.take', actorId: 2 })).toBe(true);
    expect(revoked.can({ type: 'claim.take', actorId: 1 })).toBe(false);
    const told = getNextSnapshot(claimMachine, revoked, { type: 'claim.told', actorId: 1 });
    expect(told.value).toBe('released');
    expect(told.can({ type: 'claim.take', actorId: 1 })).toBe(true);
    // Once the claim's time is up, nobody is told any more: it is a lapsed claim.
    expect(claimChart({ holderId: 1, expiresAt: '2026-11-24T10:05:00.000Z', revoked: true }, Date.parse('2026-11-24T10:05:00.000Z')).value).toBe('expired');
  });
});
