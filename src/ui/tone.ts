import { orderScoreTone, type ScoreTone } from '@/domain/format';

/** Text colours of the spec's score tones (details §5); the value is always shown too. */
export const TONE_CLASS: Record<ScoreTone | 'neutral', string> = {
  danger: 'font-semibold text-red-700',
  warning: 'font-semibold text-amber-700',
  success: 'font-semibold text-emerald-700',
  neutral: 'text-slate-900',
};

export const scoreClass = (score: number | null | undefined) => TONE_CLASS[orderScoreTone(score)];

/** Risk score: above 50 danger, above 0 warning, otherwise success. */
export function riskScoreClass(score: number): string {
  return TONE_CLASS[score > 50 ? 'danger' : score > 0 ? 'warning' : 'success'];
}

/** Fraud probability: above 0.5 danger; the spec gives no other tone. */
export function fraudProbabilityClass(probability: number): string {
  return TONE_CLASS[probability > 0.5 ? 'danger' : 'neutral'];
}
