import { DECONTAMINATION_LEVELS, DEFAULT_DECONTAMINATION } from '@/domain/customer-fraud';
import { customerActionText } from '@/i18n/es-customer-actions';
import { honestyForm } from './account.form';

const text = customerActionText.fraud;

/** 'Descontaminar': the honesty the customer keeps (Nuevo by default). */
export const decontaminateForm = honestyForm<unknown>({ stem: 'decontaminate', title: text.decontaminateTitle, label: text.reliabilityLabel, levels: DECONTAMINATION_LEVELS, initial: () => DEFAULT_DECONTAMINATION });
