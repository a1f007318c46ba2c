/** Call termination causes (spec lists §4). */
export const TERMINATE_CAUSES = [
  { code: 0, label: 'Cancelada' },
  { code: 1, label: 'Normal' },
  { code: 2, label: 'Ocupado' },
  { code: 3, label: 'Fallida' },
  { code: 4, label: 'Congestión' },
  { code: 5, label: 'No asignado' },
  { code: 9, label: 'Devuelta' },
  { code: 90, label: 'Devuelta' },
  { code: 91, label: 'Devuelta' },
] as const;

export function terminateCauseLabel(code: number | null | undefined): string {
  if (code === null || code === undefined) return '';
  return TERMINATE_CAUSES.find((c) => c.code === code)?.label ?? String(code);
}
