import { bind, type Store } from '../lifecycle/binding';
import { badRequest, conflict } from '../http';
import { revokeAccount } from '../auth/tokens';
import { customerOrThrow } from './account-data';
import type { ReliabilityQuery } from '@/api/contract/customer-account';
import { AccountMsg } from '@/domain/account';
import { reliabilityLabel } from '@/domain/reliability';
import { customerAccount } from '@/machines/customer/account.machine';

/**
 * A customer's account: enabled or disabled (a disabled customer's sessions end at once), its
 * honesty, and a forced logout that really revokes every token the customer holds. Staff accounts
 * are not customers: they are not found here.
 */

type AccountRow = { id: number; enabled: number; reliability: number };
type Key = { accountId: number };

const accountRowStore: Store<AccountRow, Key> = {
  docCode: 'CUSTOM',
  docId: (r) => String(r.id),
  idOf: (r) => r.id,
  async find(trx, key) {
    const { id, enabled, reliability } = await customerOrThrow(trx, key.accountId);
    return [{ id, enabled, reliability }];
  },
  input: async (_trx, r) => ({ status: r.enabled === 1 ? 'enabled' : 'disabled' }),
  async save(trx, move) {
    const enabled = move.to === 'enabled' ? 1 : 0;
    if (enabled === move.record.enabled) return;
    const updated = await trx.updateTable('accounts').set({ enabled }).where('id', '=', move.record.id).where('enabled', '=', move.record.enabled).executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw conflict(AccountMsg.concurrent);
  },
};

const stateOf = (r: AccountRow, enabled: boolean, sessionsEnded?: number) => ({ accountId: r.id, enabled, reliability: r.reliability, ...(sessionsEnded === undefined ? {} : { sessionsEnded }) });

export const customerAccountBinding = bind<AccountRow, Key>({
  lifecycle: customerAccount,
  store: accountRowStore,
  handlers: {
    enable: {
      async perform({ trx, ctx, record, event }) {
        const enable = event.type === 'account.enable';
        const ended = enable ? 0 : await revokeAccount(trx, record.id, ctx.now);
        return {
          description: enable ? `Cuenta habilitada: cliente ${record.id}` : `Cuenta deshabilitada: cliente ${record.id} (${ended} sesiones terminadas)`,
          before: { enabled: record.enabled === 1 },
          after: { enabled: enable },
          data: stateOf(record, enable),
        };
      },
    },
    reliability: {
      async perform({ trx, record, request }) {
        const { reliability } = request.query as ReliabilityQuery;
        if (reliability === record.reliability) throw badRequest(AccountMsg.sameReliability);
        await trx.updateTable('accounts').set({ reliability }).where('id', '=', record.id).execute();
        return {
          description: `Honestidad del cliente ${record.id}: ${reliabilityLabel(record.reliability)} → ${reliabilityLabel(reliability)}`,
          before: { reliability: record.reliability },
          after: { reliability },
          data: { ...stateOf(record, record.enabled === 1), reliability },
        };
      },
    },
    logout: {
      async perform({ trx, ctx, record }) {
        const ended = await revokeAccount(trx, record.id, ctx.now);
        return { description: `Sesiones cerradas: cliente ${record.id} (${ended})`, before: { sessions: ended }, after: { sessions: 0 }, data: stateOf(record, record.enabled === 1, ended) };
      },
    },
  },
  describe: (row, record) => `${row.label}: cliente ${record.id}`,
});
