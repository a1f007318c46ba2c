import { Revoked, RevokeBody, SupervisionPaths, type HeldClaim } from '@/api/contract/supervision';
import { ClaimMsg } from '@/domain/queues';
import { Permission } from '@/domain/permissions';
import { supervisionText } from '@/i18n/es-supervision';
import { rowOf } from '@/machines/lifecycle/table';

/**
 * A claim on a queue's entry as the operations lead sees it in Supervisión (issue 28 §1): a claim
 * held now can be released by a lead (CRM_SUPERVISION), whoever holds it. What the claim itself
 * allows stays the claim chart's (src/machines/queue/claim.machine.ts): the server asks it again
 * when it writes the release.
 */

export type ReleaseEvent = { type: 'claim.revoke' };

export interface ReleaseContext {
  /** The claim chart's state: claimed (held now), revoked (released already), free (nobody holds it). */
  status: string;
  permissions: readonly string[];
}

const text = supervisionText;
const row = rowOf<ReleaseEvent, ReleaseContext, HeldClaim>();

export const claimReleaseActions = [
  row({
    event: 'claim.revoke',
    label: text.release,
    permissions: [Permission.SUPERVISION],
    confirm: (c) => text.releaseQuestion(c.kind, c.id, c.holderName),
    success: { title: text.releasedTitle, text: (_c, d) => text.released(d.holderName) },
    refused: ClaimMsg.noLiveClaim,
    wire: { client: 'orders', method: 'POST', path: SupervisionPaths.release, body: RevokeBody, data: Revoked },
    request: (c) => ({ body: { kind: c.kind, id: c.id } }),
    targets: (r) => [{ kind: r.body.kind, id: r.body.id }],
    handler: 'revoke',
  }),
];
