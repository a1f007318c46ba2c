import { ContaminateBody, DecontaminateBody, FraudState } from '@/api/contract/customer-fraud';
import { FraudMsg } from '@/domain/customer-fraud';
import { Permission } from '@/domain/permissions';
import { reliabilityLabel } from '@/domain/reliability';
import { customerActionText } from '@/i18n/es-customer-actions';
import { rowOf } from '@/machines/lifecycle/table';
import { decontaminateForm } from './fraud.form';

/** Card-fraud contamination and decontamination of a customer (CRM7_FRAUD_COMPLETE, spec details §6; paths §7 "Blacklist"). */

export type FraudEvent = { type: 'fraud.contaminate' } | { type: 'fraud.decontaminate' };
export interface FraudContext {
  status: string;
  /** The customer's saved cards (once per unique number). */
  cards: number;
  permissions: readonly string[];
}
export interface FraudSubject {
  accountId: number;
}

const row = rowOf<FraudEvent, FraudContext, FraudSubject>();
const text = customerActionText.fraud;
const byAccount = (r: { body: { accountId: number } }) => [{ accountId: r.body.accountId }];

export const fraudActions = [
  row({
    event: 'fraud.contaminate',
    label: text.contaminate,
    variant: 'danger',
    permissions: [Permission.FRAUD_COMPLETE],
    confirm: (s) => text.contaminateQuestion(s.accountId),
    success: { text: (s, state: FraudState) => text.contaminated(s.accountId, state.cardsListed) },
    refused: (c) => (c.status === 'clean' && c.cards === 0 ? FraudMsg.noCards : FraudMsg.contaminated),
    wire: { client: 'blacklist', method: 'POST', path: '/blacklist/secured/find/add', body: ContaminateBody, data: FraudState },
    request: (s) => ({ body: { accountId: s.accountId } }),
    targets: byAccount,
    handler: 'contaminate',
  }),
  row({
    event: 'fraud.decontaminate',
    form: decontaminateForm,
    label: text.decontaminate,
    variant: 'primary',
    permissions: [Permission.FRAUD_COMPLETE],
    confirm: (s, form: { reliability: number }) => text.decontaminateQuestion(s.accountId, reliabilityLabel(form.reliability)),
    success: { text: (s, state: FraudState) => text.decontaminated(s.accountId, reliabilityLabel(state.reliability)) },
    refused: FraudMsg.clean,
    wire: { client: 'blacklist', method: 'POST', path: '/blacklist/secured/find/remove', body: DecontaminateBody, data: FraudState },
    request: (s, form: { reliability: number }) => ({ body: { accountId: s.accountId, reliability: form.reliability } }),
    targets: byAccount,
    handler: 'decontaminate',
  }),
];
