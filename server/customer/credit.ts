import { bind, bodyOf } from '../lifecycle/binding';
import { conflict } from '../http';
import { addCredit, takeCredit } from '../order/credits';
import { accountStore, type AccountRecord } from './account-data';
import type { CreditChangeBody } from '@/api/contract/customer-credit';
import { CreditMsg, EXPIRING_CREDIT_TYPES } from '@/domain/credit';
import { customerCredit } from '@/machines/customer/credit.machine';

/**
 * 'Agregar o quitar crédito' (POST /users/secured/addremove/credit): the balance of that type moves
 * in the action's transaction with its credit-history line; it never goes negative (409). An
 * increase of expiring minutes carries its expiry on the history line.
 */
export const customerCreditBinding = bind<AccountRecord, { accountId: number }>({
  lifecycle: customerCredit,
  store: accountStore,
  handlers: {
    change: {
      async perform({ trx, ctx, record, request }) {
        const body = bodyOf<CreditChangeBody>(request);
        const increase = body.trnType === 'INCREASE';
        const expires = increase && EXPIRING_CREDIT_TYPES.includes(body.creditType) ? `, vence ${body.creditTypeExp}` : '';
        const description = `${increase ? 'Crédito agregado' : 'Crédito quitado'} por ${ctx.principal.email ?? ctx.principal.username} (CRM)${expires}`;
        const current = await trx.selectFrom('user_credits').select('amount').where('account_id', '=', record.id).where('credit_type', '=', body.creditType).executeTakeFirst();
        const before = current?.amount ?? 0;
        if (!increase && before < body.amount) throw conflict(CreditMsg.notEnough(body.creditType));
        const after = increase
          ? await addCredit(trx, record.id, body.amount, description, ctx.now, body.creditType)
          : await takeCredit(trx, record.id, body.amount, description, ctx.now, body.creditType);
        return {
          description: `${increase ? 'Agregar' : 'Quitar'} ${body.amount} de ${body.creditType}${expires}`,
          before: { [body.creditType]: before },
          after: { [body.creditType]: after },
          data: { accountId: record.id, creditType: body.creditType, amount: after },
        };
      },
    },
  },
  describe: (row, record) => `${row.label}: cliente ${record.id}`,
});
