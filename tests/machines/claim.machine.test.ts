import { describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import { claimChart, claimMachine, heldByAnother, type ClaimContext, type ClaimEvent } from '@/machines/queue/claim.machine';
import { describePath, machineCoverage, reportCoverage } from '../support/machine-coverage';

/** Two people (1 and 2) claiming, renewing, releasing and acting on one entry, from each stored claim. */
const EVENTS: ClaimEvent[] = [1, 2].flatMap((actorId) => (['claim.take', 'claim.release', 'claim.act'] as const).map((type) => ({ type, actorId })));
const STARTS: Record<string, ClaimContext> = {
  'no claim': { holderId: null, lapsed: false },
  'held by 1': { holderId: 1, lapsed: false },
  'lapsed claim of 1': { holderId: 1, lapsed: true },
};

describe('the claim chart (queueClaim)', () => {
  const all = Object.values(STARTS).flatMap((input) => createTestModel(claimMachine, { events: EVENTS, input } as never).getShortestPaths());

  it('every state and transition is reached from the stored claims', () => {
    const coverage = machineCoverage(claimMachine, all);
    reportCoverage('queueClaim', coverage);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  for (const [name, input] of Object.entries(STARTS)) {
    it(`from ${name}: on every path, nobody but the holder renews, releases or acts while it is held`, () => {
      const paths = createTestModel(claimMachine, { events: EVENTS, input } as never).getShortestPaths();
      expect(paths.length).toBeGreaterThan(1);
      for (const path of paths) {
        for (const step of path.steps) {
          const snapshot = step.state as ReturnType<typeof claimChart>;
          for (const event of EVENTS) {
            const refused = heldByAnother(snapshot, event.actorId);
            if (refused) expect(snapshot.can(event), `${describePath(path)}: ${event.type} by ${event.actorId}`).toBe(false);
            // Whoever may take it free may take it; the holder may always renew.
            if (event.type === 'claim.take' && !refused) expect(snapshot.can(event)).toBe(true);
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
});
