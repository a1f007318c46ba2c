import { randomBytes } from 'node:crypto';
import { bind, type Store } from '../lifecycle/binding';
import { changedMeanwhile } from '../refusals';
import { iso } from '../clock';
import { hashPassword } from '../auth/passwords';
import { revokeAccount } from '../auth/tokens';
import { clearAccountFailures } from '../auth/throttle';
import { customerOrThrow } from './account-data';
import type { AccessState, ResetPasswordQuery } from '@/api/contract/customer-access';
import { AccessMsg } from '@/domain/customer-access';
import { customerAccess } from '@/machines/customer/access.machine';

/**
 * A customer's way in. A password reset gives the account a random password nobody sees (the old
 * one stops working, the sessions end) and, when asked, mails the customer (outbox) to choose a new
 * one; the agent never learns a password. A passwordless reset clears the PIN, so the app asks for
 * a new one. Clearing the attempts zeroes the PIN attempts and forgets the failed password
 * sign-ins of the account, so the customer is no longer throttled. The store reads what there is
 * to reset (a pin, attempts, an e-mail to notify): the chart refuses a reset with nothing to reset
 * (409) and the page does not offer it.
 */

type Customer = { id: number; username: string; email: string | null; pin: boolean; pinAttempts: number; failedSignIns: number };
type Key = { accountId: number };

const accessStore: Store<Customer, Key> = {
  docCode: 'CUSTOM',
  docId: (r) => String(r.id),
  idOf: (r) => r.id,
  async find(trx, key) {
    const { id, username, email } = await customerOrThrow(trx, key.accountId);
    const settings = await trx.selectFrom('account_settings').select('pin').where('account_id', '=', id).executeTakeFirst();
    const pins = await trx.selectFrom('pin_attempts').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('attempts'), eb.lit(0)).as('n')).where('account_id', '=', id).executeTakeFirstOrThrow();
    const failures = await trx.selectFrom('login_failures').select((eb) => eb.fn.countAll<number>().as('n')).where('subject_kind', '=', 'account').where('subject', '=', username).executeTakeFirstOrThrow();
    return [{ id, username, email, pin: (settings?.pin ?? null) !== null, pinAttempts: Number(pins.n), failedSignIns: Number(failures.n) }];
  },
  // What there is to reset: the chart offers and takes only those resets.
  input: async (_trx, r) => ({ status: 'open', pin: r.pin, attempts: r.pinAttempts + r.failedSignIns, email: Boolean(r.email) }),
  save: async () => {},
};

const answer = (r: Customer, over: Partial<AccessState> = {}): AccessState => ({ accountId: r.id, sessionsEnded: 0, notified: false, attemptsCleared: 0, ...over });

export const customerAccessBinding = bind<Customer, Key>({
  lifecycle: customerAccess,
  store: accessStore,
  handlers: {
    password: {
      // Hashing is slow on purpose: done before the transaction.
      prepare: async () => hashPassword(randomBytes(24).toString('base64url')),
      async perform({ trx, ctx, record, request, prepared }) {
        const { sendNotify } = request.query as ResetPasswordQuery;
        await trx.updateTable('accounts').set({ password_hash: prepared as string }).where('id', '=', record.id).execute();
        const ended = await revokeAccount(trx, record.id, ctx.now);
        if (sendNotify) {
          await trx
            .insertInto('outbox_messages')
            .values({ channel: 'EMAIL', address: record.email!, subject: 'Restablecimiento de contraseña', body: 'Su contraseña fue restablecida por nuestro equipo de soporte. Elija una nueva desde "¿Olvidó su contraseña?" en la aplicación.', doc_code: 'CUSTOM', doc_id: String(record.id), created: iso(ctx.now) })
            .execute();
        }
        return {
          description: `Contraseña restablecida: cliente ${record.id}${sendNotify ? ` (notificado a ${record.email})` : ' (sin notificar)'}`,
          before: { password: 'anterior', sessions: ended },
          after: { password: 'restablecida', sessions: 0, notified: sendNotify },
          data: answer(record, { sessionsEnded: ended, notified: sendNotify }),
        };
      },
    },
    passwordless: {
      async perform({ trx, record }) {
        const cleared = await trx.updateTable('account_settings').set({ pin: null }).where('account_id', '=', record.id).where('pin', 'is not', null).executeTakeFirst();
        // Two resets at once: the second finds no pin left.
        if (Number(cleared.numUpdatedRows) === 0) throw changedMeanwhile(AccessMsg.noPin);
        return { description: `Pin de inicio sin contraseña restablecido: cliente ${record.id}`, before: { pin: 'asignado' }, after: { pin: null }, data: answer(record) };
      },
    },
    attempts: {
      async perform({ trx, record }) {
        const cleared = record.pinAttempts + record.failedSignIns;
        await trx.updateTable('pin_attempts').set({ attempts: 0 }).where('account_id', '=', record.id).where('attempts', '>', 0).execute();
        await clearAccountFailures(trx, record.username);
        return {
          description: `Intentos de inicio de sesión restablecidos: cliente ${record.id} (${cleared})`,
          before: { pinAttempts: record.pinAttempts, failedSignIns: record.failedSignIns },
          after: { pinAttempts: 0, failedSignIns: 0 },
          data: answer(record, { attemptsCleared: cleared }),
        };
      },
    },
  },
  describe: (row, record) => `${row.label}: cliente ${record.id}`,
});
