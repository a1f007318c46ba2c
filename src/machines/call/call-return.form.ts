import { CallReturnPartialQuery } from '@/api/contract/call-detail';
import { checkBody } from '@/api/contract/check';
import { CALL_RETURN_TYPES, CallReturnMsg, maxReturn, remainingOf, returnValue, type CallCost, type CallReturnType } from '@/domain/call-return';
import { formatNumber } from '@/domain/format';
import { callText } from '@/i18n/es-call';
import { formOf } from '@/machines/lifecycle/form';

const text = callText.returns;

/** What the partial form sends. */
export interface PartialForm {
  returnType: CallReturnType;
  amount: number;
}

/** The most a return of that type may carry now, in its unit ('3 minutos', '0,30 USD'). */
export const maxText = (cost: CallCost, type: CallReturnType) => {
  const max = maxReturn(cost, type);
  return type === 'FREE_MIN' ? text.minutes(max) : `${formatNumber(max)} USD`;
};

/** Why a return of that type and value does not fit in what is left of the call. */
export const tooMuch = (cost: CallCost, type: CallReturnType) => CallReturnMsg.tooMuch(maxText(cost, type));

/** The amount typed in the type's unit: whole minutes or USD (one field at a time, the same id). */
const amountField = (type: CallReturnType) =>
  ({
    kind: 'text',
    name: 'amount',
    label: type === 'FREE_MIN' ? text.amountMinutes : text.amountUsd,
    inputMode: type === 'FREE_MIN' ? 'numeric' : 'decimal',
    when: (f: { returnType: string }) => (f.returnType === 'FREE_MIN') === (type === 'FREE_MIN'),
  }) as const;

/**
 * 'Devolución parcial': free minutes (whole) or call credit (USD), at most what is left of the
 * bill (the chart's context: the call's cost and what was returned of it).
 */
export const partialForm = formOf<CallCost, { callId: number }>()({
  title: text.partialTitle,
  description: (c) => text.max(`${maxText(c, 'FREE_MIN')} · ${maxText(c, 'CALL_CREDIT')}`),
  id: (s) => `call-${s.callId}`,
  columns: 2,
  fields: [{ kind: 'select', name: 'returnType', id: 'type', label: text.type, options: CALL_RETURN_TYPES.map((t) => ({ value: t, label: text.types[t] })) }, amountField('FREE_MIN'), amountField('CALL_CREDIT')],
  initial: () => ({ returnType: 'FREE_MIN' as string, amount: '' }),
  validate: (f, c, s) => {
    const checked = checkBody(CallReturnPartialQuery, { callId: String(s.callId), type: f.returnType, amount: f.amount });
    if (!checked.ok) return checked;
    const { type: returnType, amount } = checked.payload;
    if (returnValue(c, returnType, amount) > remainingOf(c) + 0.005) return { ok: false, message: tooMuch(c, returnType) };
    return { ok: true, payload: { returnType, amount } satisfies PartialForm };
  },
});
