/** A customer's account settings (spec details §3 "Account data", §7 "Account"): 3D Secure, TuBolsillo, marketing. */

/** threeDsStrategyId: 0 default, 1 disabled, 2 enabled; stored as the value3DS the card shows. */
export const THREE_DS_STRATEGIES = [0, 1, 2] as const;
export type ThreeDsStrategy = (typeof THREE_DS_STRATEGIES)[number];
export const THREE_DS_VALUE: Record<ThreeDsStrategy, 'NOT_REQUIRED' | 'IGNORE' | 'REQUIRED'> = { 0: 'NOT_REQUIRED', 1: 'IGNORE', 2: 'REQUIRED' };

export const SettingsMsg = {
  account: 'Debe indicar el cliente.',
  threeDs: 'Debe indicar la estrategia 3D Secure (0 por defecto, 1 deshabilitado, 2 habilitado).',
  flag: 'Debe indicar sí o no.',
  refused: 'No se puede modificar la configuración de la cuenta.',
  concurrent: 'Otra persona modificó la configuración de la cuenta al mismo tiempo. Vuelva a cargarla.',
} as const;
