import * as v from 'valibot';
import { ReclaimBody, TopupClaim, TopupItemState } from '@/api/contract/topup';
import { TopupMsg, type ClaimKind } from '@/domain/topup';
import { topupText } from '@/i18n/es-topup';
import { itemQuestion } from '@/i18n/es-questions';
import { rowOf } from '@/machines/lifecycle/table';
import type { ItemSubject } from './item';
import { claimForm, nextClaim } from './topup-claim.form';

/** The claim of a delivered top-up (spec details §4 "Reclaim top-up"): support work, the editor flag is enough. */

export type TopupClaimEvent = { type: 'claim.add'; kind: ClaimKind };

export interface TopupClaimContext {
  /** Claims recorded so far (0, 1 or 2). */
  claims: number;
  /** The item's status: only a delivered top-up is claimed. */
  itemStatus: string;
  permissions: readonly string[];
}

/** A claim as its panel names it: the item, and how many claims it has. */
export interface ClaimSubject extends ItemSubject {
  claims: number;
}

const row = rowOf<TopupClaimEvent, TopupClaimContext, ClaimSubject>();


export const topupClaimActions = [
  row({
    event: 'claim.add',
    form: claimForm,
    label: topupText.claim.button,
    permissions: [],
    probes: [
      { type: 'claim.add', kind: 'FIRST' },
      { type: 'claim.add', kind: 'SECOND' },
    ],
    confirm: (s) => itemQuestion('Reclamar', 'la recarga', s),
    success: { title: topupText.claimCreated, text: (_s, result) => topupText.claim.text(result.claim.label) },
    refused: (context) => (context.itemStatus === 'FULFILLED' ? TopupMsg.alreadyClaimed : TopupMsg.claimOnlyFulfilled),
    wire: { client: 'orders', method: 'POST', path: '/orders/secured/fo/topup/reclaim', body: ReclaimBody, data: v.object({ item: TopupItemState, claim: TopupClaim }) },
    request: (s, note: string) => ({ body: { foiId: s.id, claim: nextClaim(s.claims), note } }),
    targets: (r) => [{ item: r.body.foiId }],
    eventOf: (r) => ({ type: 'claim.add', kind: r.body.claim }),
    handler: 'claim',
  }),
];
