import { checkBody } from '@/api/contract/check';
import { CreditChangeBody } from '@/api/contract/customer-credit';
import { CREDIT_EXPIRY_DAYS, CREDIT_MOVES, CREDIT_TYPES, EXPIRING_CREDIT_TYPES, type CreditMove, type CreditType } from '@/domain/credit';
import { dayjs, DISPLAY_TIME_ZONE, LONG_DATE_TIME_FORMAT } from '@/domain/time';
import { customerCredit } from '@/machines/customer/credit.machine';
import { ChartActions, chartForm, chartPart } from '@/ui/chart-actions';
import { InputField, SelectField } from '@/ui/fields';
import { customerText } from '@/i18n/es-customer';

const text = customerText.credit;

interface CreditFormState {
  creditType: CreditType;
  trnType: CreditMove;
  amount: string;
  creditTypeExp: string;
}

/** Expiring minutes expire, by default, 15 days ahead at 23:59:59 (spec details §5). */
const defaultExpiry = () => dayjs().tz(DISPLAY_TIME_ZONE).add(CREDIT_EXPIRY_DAYS, 'day').endOf('day').format(LONG_DATE_TIME_FORMAT);
const expires = (form: CreditFormState) => form.trnType === 'INCREASE' && EXPIRING_CREDIT_TYPES.includes(form.creditType);

/** 'Agregar o quitar crédito': the type, the direction, a whole amount and, for expiring minutes added, when they expire. */
const creditForm = (accountId: number) =>
  chartForm<CreditFormState, CreditChangeBody>({
    title: text.title,
    initial: () => ({ creditType: 'CALL_CREDIT', trnType: 'INCREASE', amount: '', creditTypeExp: defaultExpiry() }),
    validate: (form) => checkBody(CreditChangeBody, { accountId, creditType: form.creditType, trnType: form.trnType, amount: form.amount, ...(expires(form) ? { creditTypeExp: form.creditTypeExp } : {}) }),
    fields: (form, change) => (
      <div className="grid grid-cols-2 gap-3">
        <SelectField id={`credit-${accountId}-type`} label={text.type} value={form.creditType} options={CREDIT_TYPES.map((t) => ({ value: t, label: t }))} onChange={(e) => change({ creditType: e.target.value as CreditType })} />
        <SelectField id={`credit-${accountId}-move`} label={text.move} value={form.trnType} options={CREDIT_MOVES.map((m) => ({ value: m, label: text.moves[m] ?? m }))} onChange={(e) => change({ trnType: e.target.value as CreditMove })} />
        <InputField id={`credit-${accountId}-amount`} label={text.amount} inputMode="numeric" autoComplete="off" value={form.amount} onChange={(e) => change({ amount: e.target.value })} onWheel={(e) => e.currentTarget.blur()} />
        {expires(form) && <InputField id={`credit-${accountId}-expiry`} label={text.expiry} autoComplete="off" value={form.creditTypeExp} onChange={(e) => change({ creditTypeExp: e.target.value })} />}
      </div>
    ),
  });

/** The customer's own actions, above the card: what each chart offers this staff member now. */
export function CustomerActions({ accountId, onDone }: { accountId: number; onDone: () => void }) {
  const credit = chartPart({ lifecycle: customerCredit, input: { status: 'open' }, subject: { accountId }, forms: { 'credit.change': creditForm(accountId) } });
  return <ChartActions label={text.actions(accountId)} parts={[credit]} onDone={onDone} onFailed={onDone} />;
}
