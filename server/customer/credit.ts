import { bind, bodyOf, type Store, type Trx } from '../lifecycle/binding';
import { addCredit, takeCredit } from '../order/credits';
import { balancesStore, type BalancesRecord } from './account-data';
import type { CreditChangeBody } from '@/api/contract/customer-credit';
import type { Conversion, ConvertBody } from '@/api/contract/customer-conversion';
import { CONVERSION_CREDIT, convertAmount, conversionRates } from '@/domain/conversion';
import { EXPIRING_CREDIT_TYPES } from '@/domain/credit';
import { customerCredit } from '@/machines/customer/credit.machine';
import { signedAs } from '../deps';

/**
 * 'Agregar o quitar crédito' (POST /users/secured/addremove/credit): the balance of that type moves
 * in the action's transaction with its credit-history line. An increase of expiring minutes
 * carries its expiry on the history line. A conversion (POST /users/secured/move/credit) takes the
 * amount (or the whole balance) of the origin and adds what it is worth at the current rate to the
 * destination: two history lines, one transaction. The chart's guards read the balances and the
 * rates the store gives them: a decrease or a conversion they do not allow is refused (409) first.
 */

const ratesOf = async (trx: Trx) => trx.selectFrom('exchange_rates').select(['base', 'currency', 'rate', 'fee']).execute();

const creditStore: Store<BalancesRecord, { accountId: number }> = {
  ...balancesStore,
  input: async (trx, r) => ({ status: 'open', balances: r.balances, rates: conversionRates(await ratesOf(trx)) }),
};

export const customerCreditBinding = bind<BalancesRecord, { accountId: number }>({
  lifecycle: customerCredit,
  store: creditStore,
  // Four-eyes weighs money added to a balance (minutes are not money; taking credit away is not).
  amounts: {
    credit: ({ request }) => {
      const body = bodyOf<CreditChangeBody>(request);
      const currency = Object.entries(CONVERSION_CREDIT).find(([, type]) => type === body.creditType)?.[0];
      return body.trnType === 'INCREASE' && currency ? { amount: body.amount, currency } : null;
    },
  },
  handlers: {
    change: {
      async perform({ trx, ctx, record, request }) {
        const body = bodyOf<CreditChangeBody>(request);
        const increase = body.trnType === 'INCREASE';
        const expires = increase && EXPIRING_CREDIT_TYPES.includes(body.creditType) ? `, vence ${body.creditTypeExp}` : '';
        const description = `${increase ? 'Crédito agregado' : 'Crédito quitado'} por ${signedAs(ctx.principal)} (CRM)${expires}`;
        const before = record.balances[body.creditType] ?? 0;
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
    convert: {
      async perform({ trx, ctx, record, request }) {
        const body = bodyOf<ConvertBody>(request);
        const from = CONVERSION_CREDIT[body.originCurrency];
        const to = CONVERSION_CREDIT[body.destinyCurrency];
        // The chart allowed it: there is a balance that reaches the amount, a rate, and at least a cent.
        const balance = record.balances[from] ?? 0;
        const amount = body.amount ?? balance;
        const received = convertAmount(amount, body.originCurrency, body.destinyCurrency, await ratesOf(trx))!;
        const destBefore = record.balances[to] ?? 0;
        const by = `${signedAs(ctx.principal)} (CRM)`;
        const originBalance = await takeCredit(trx, record.id, amount, `Conversión a ${body.destinyCurrency} por ${by}`, ctx.now, from);
        const destinyBalance = await addCredit(trx, record.id, received, `Conversión desde ${body.originCurrency} por ${by}`, ctx.now, to);
        const account = body.changeCurrency ? await trx.selectFrom('accounts').select('credit_currency').where('id', '=', record.id).executeTakeFirstOrThrow() : null;
        if (account) await trx.updateTable('accounts').set({ credit_currency: body.destinyCurrency }).where('id', '=', record.id).execute();
        const currencyMoved = account !== null && account.credit_currency !== body.destinyCurrency;
        const data: Conversion = { accountId: record.id, originCurrency: body.originCurrency, destinyCurrency: body.destinyCurrency, converted: amount, received, originBalance, destinyBalance };
        return {
          description: `Convertir ${amount} ${body.originCurrency} en ${received} ${body.destinyCurrency}`,
          before: { [from]: balance, [to]: destBefore, ...(currencyMoved ? { creditCurrency: account.credit_currency } : {}) },
          after: { [from]: originBalance, [to]: destinyBalance, ...(currencyMoved ? { creditCurrency: body.destinyCurrency } : {}) },
          data,
        };
      },
    },
  },
  describe: (row, record) => `${row.label}: cliente ${record.id}`,
});
