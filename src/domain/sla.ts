import type { ScoreTone } from './format';

/**
 * Service levels of the work queues (issue 28; the spec is silent, see docs/decisions.md
 * "Service levels"): how long an entry of each queue may wait before it is late. The server reads
 * the hours from SLA_REMITTANCE_HOURS, SLA_RISK_HOURS and SLA_APPROVAL_HOURS; these are the
 * defaults. An entry is `due` from SLA_DUE_SHARE of its service level on, and `over` past it (the
 * chart in src/machines/queue/sla.machine.ts decides).
 */

/** The queues a lead supervises: Cola de Remesas, Cola de Riesgo, Pendientes de aprobación. */
export const SLA_QUEUES = ['remittance', 'risk', 'approval'] as const;
export type SlaQueue = (typeof SLA_QUEUES)[number];

/** Hours an entry may wait, by queue: a remittance a day, a held order four hours, a request eight. */
export const SLA_DEFAULT_HOURS: Readonly<Record<SlaQueue, number>> = { remittance: 24, risk: 4, approval: 8 };

/** The service levels in force (hours by queue), as the server's configuration and config.json carry them. */
export type SlaHours = Readonly<Record<SlaQueue, number>>;

/** An entry is due (about to be late) from this share of its service level on. */
export const SLA_DUE_SHARE = 0.8;

export const SLA_STATES = ['within', 'due', 'over'] as const;
export type SlaState = (typeof SLA_STATES)[number];

/** What an entry's service level reads as, in words (never colour alone). */
export const SlaText = {
  within: 'En plazo',
  due: 'Vence pronto',
  over: 'Fuera de plazo',
} as const satisfies Record<SlaState, string>;

/** The tone of each state, in the score tones' vocabulary (TONE_CLASS). */
export const SLA_TONE = { within: 'success', due: 'warning', over: 'danger' } as const satisfies Record<SlaState, ScoreTone>;

/** Minutes an entry of this queue may wait. */
export const slaMinutes = (hours: SlaHours, queue: SlaQueue): number => Math.round(hours[queue] * 60);
