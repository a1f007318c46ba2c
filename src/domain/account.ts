/** A customer's account (spec details §4 "Account"): enabled or not, its reliability ("honestidad"), its sessions. */

export const ACCOUNT_STATUSES = ['enabled', 'disabled'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const AccountMsg = {
  account: 'Debe indicar el cliente.',
  reliability: 'Debe indicar una honestidad de la lista.',
  sameReliability: 'Debe especificar una honestidad diferente a la actual.',
  enabled: 'La cuenta ya está habilitada.',
  disabled: 'La cuenta ya está deshabilitada.',
  refused: 'No se puede modificar la cuenta.',
  concurrent: 'Otra persona modificó la cuenta al mismo tiempo. Vuelva a cargarla.',
} as const;
