import { TopupMsg, claimLabel, type ClaimKind } from '@/domain/topup';
import { topupText } from '@/i18n/es-topup';
import { formOf } from '@/machines/lifecycle/form';
import type { ItemSubject } from './item';

/** The claim a request makes: the next one (a second before the first makes the first). */
export const nextClaim = (claims: number): ClaimKind => (claims === 0 ? 'FIRST' : 'SECOND');

/** 'Reclamar': what the customer says, for the claim made next (as the chart counts them). */
export const claimForm = formOf<{ claims: number }, ItemSubject>()({
  title: (_c, s) => topupText.claim.title(s.id),
  description: (c) => topupText.claim.next(claimLabel(nextClaim(c.claims))),
  id: (s) => `topup-claim-${s.id}`,
  fields: [{ kind: 'textarea', name: 'note', label: topupText.claim.note, rows: 3, maxLength: 500 }],
  initial: () => ({ note: '' }),
  validate: ({ note }) => (note.trim() === '' ? { ok: false, message: TopupMsg.claimRequired } : { ok: true, payload: note.trim() }),
});
