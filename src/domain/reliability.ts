export const RELIABILITY_LEVELS = [
  { value: -10, name: 'FRAUD', label: 'Fraude' },
  { value: -5, name: 'FRAUD_SUSPECT', label: 'Sospecha Fraude' },
  { value: 0, name: 'NEW_USER', label: 'Nuevo' },
  { value: 5, name: 'STABLE', label: 'Estable' },
  { value: 10, name: 'TRUSTED', label: 'Confianza' },
  { value: 15, name: 'VERY_TRUSTED', label: 'Super confianza' },
  { value: 20, name: 'RESELLER', label: 'Revendedor' },
  { value: 25, name: 'RESELLER_STORE', label: 'RevendedorStore' },
] as const;

export type ReliabilityValue = (typeof RELIABILITY_LEVELS)[number]['value'];

/** The Spanish label of a reliability value; an unknown value is shown as the number itself. */
export function reliabilityLabel(value: number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return RELIABILITY_LEVELS.find((level) => level.value === value)?.label ?? String(value);
}

/** How a reliability reads at a glance: fraud red, a new user amber, trusted and above green. */
export function reliabilityTone(value: number | null | undefined): 'danger' | 'warning' | 'success' | 'neutral' {
  if (value === null || value === undefined) return 'neutral';
  if (value < 0) return 'danger';
  if (value === 0) return 'warning';
  return value >= 10 ? 'success' : 'neutral';
}
