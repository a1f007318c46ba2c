import { checkMassWindow } from '@/api/contract/topup';
import { TOPUP_TARGET_STATUSES, TopupMsg, checkDestination, normalizeDestination } from '@/domain/topup';
import { addDays, todayText } from '@/domain/date-window';
import { topupText } from '@/i18n/es-topup';
import { formOf } from '@/machines/lifecycle/form';
import type { ItemSubject } from './item';

/** What a top-up's forms read: the chart's facts and, beneath them, the product and the destination the panel shows. */
export interface TopupFacts {
  offerExpired: boolean;
  productType?: string;
  destination?: string | null;
}

/** A reset's window, as the mass reset dialog sends it. */
export interface ResetWindow {
  startDate: string;
  endDate: string;
}

/** A destination edited, delivered now or left in the queue. */
export interface DestinationEdit {
  destination: string;
  fulfillNow: boolean;
}

const form = formOf<TopupFacts, ItemSubject>();
const nauta = (c: TopupFacts) => c.productType === 'TOPUP_NAUTA';

/** 'Cambiar destino': a Cubacel number or a Nauta account, checked as the server checks it. */
export const destinationForm = form({
  title: (_c, s) => topupText.edit.title(s.id),
  description: (c) => (nauta(c) ? topupText.edit.hintNauta : topupText.edit.hintPhone),
  id: (s) => `topup-${s.id}`,
  fields: [
    { kind: 'text', name: 'destination', type: 'email', label: topupText.edit.destination, when: (_f, c) => nauta(c) },
    { kind: 'text', name: 'destination', type: 'tel', label: topupText.edit.destination, when: (_f, c) => !nauta(c) },
    { kind: 'checkbox', name: 'fulfillNow', id: 'fulfill-now', label: topupText.edit.fulfillNow },
  ],
  initial: (c) => ({ destination: c.destination ?? '', fulfillNow: false }),
  validate: ({ destination, fulfillNow }, c): { ok: true; payload: DestinationEdit } | { ok: false; message: string } => {
    const productType = c.productType ?? '';
    const problem = checkDestination(productType, destination);
    return problem ? { ok: false, message: problem } : { ok: true, payload: { destination: normalizeDestination(productType, destination), fulfillNow } };
  },
});

/** 'Cambiar estado': one of the statuses the chart lets this staff member set now (IMPOSSIBLE is the specialists'). */
export const statusForm = form({
  title: (_c, s) => topupText.status.title(s.id),
  id: (s) => `topup-status-${s.id}`,
  fields: [
    {
      kind: 'select',
      name: 'status',
      id: '',
      label: topupText.status.label,
      emptyLabel: topupText.status.choose,
      options: TOPUP_TARGET_STATUSES.map((value) => ({ value, label: topupText.status.options[value] ?? value })),
      accepted: (status) => ({ type: 'item.changeStatus', status }),
    },
  ],
  initial: () => ({ status: '' }),
  validate: ({ status }) => {
    const target = TOPUP_TARGET_STATUSES.find((s) => s === status);
    return target ? { ok: true, payload: target } : { ok: false, message: topupText.status.required };
  },
});

/** 'Reiniciar intentos': back to OPEN, delivered now or not; an expired offer is said first. */
export const resetForm = form({
  title: (_c, s) => topupText.reset.title(s.id),
  warning: (c) => (c.offerExpired ? TopupMsg.offerExpired : null),
  description: () => topupText.reset.hint,
  id: (s) => `topup-reset-${s.id}`,
  fields: [{ kind: 'checkbox', name: 'fulfillNow', id: 'fulfill-now', label: topupText.reset.fulfillNow }],
  initial: () => ({ fulfillNow: false }),
  validate: ({ fulfillNow }) => ({ ok: true, payload: fulfillNow }),
});

/** 'Reinicio masivo de intentos': a window of Toronto days, the last seven by default. */
export const massResetForm = formOf<unknown, unknown>()({
  title: topupText.mass.title,
  description: () => topupText.mass.hint,
  id: () => 'mass-retry',
  columns: 2,
  fields: [
    { kind: 'text', name: 'startDate', id: 'start', type: 'date', label: topupText.mass.startDate },
    { kind: 'text', name: 'endDate', id: 'end', type: 'date', label: topupText.mass.endDate },
  ],
  initial: (): ResetWindow => {
    const today = todayText(Date.now());
    return { startDate: addDays(today, -6), endDate: today };
  },
  validate: (f) => {
    const problem = checkMassWindow(f.startDate, f.endDate);
    return problem ? { ok: false, message: problem } : { ok: true, payload: { startDate: f.startDate, endDate: f.endDate } satisfies ResetWindow };
  },
});
