import { RELIABILITY_LEVELS } from './reliability';

/**
 * Card-fraud contamination of a customer (spec details §4 "Account", §6 CRM7_FRAUD_COMPLETE): a
 * contaminated customer has their saved cards on the blacklist. Contaminating lists every saved
 * card and sets the honesty to Fraude; decontaminating takes them off and sets the honesty chosen
 * (FRAUD to VERY_TRUSTED, by default NEW_USER).
 */

export const FRAUD_STATUSES = ['clean', 'contaminated'] as const;
export type FraudStatus = (typeof FRAUD_STATUSES)[number];

export const DECONTAMINATION_LEVELS = RELIABILITY_LEVELS.filter((l) => ['FRAUD', 'FRAUD_SUSPECT', 'NEW_USER', 'STABLE', 'TRUSTED', 'VERY_TRUSTED'].includes(l.name));
export const DEFAULT_DECONTAMINATION = 0;
export const CONTAMINATED_RELIABILITY = -10;

export const FraudMsg = {
  account: 'Debe indicar el cliente.',
  reliability: 'Debe indicar una honestidad de la lista: Fraude, Sospecha Fraude, Nuevo, Estable, Confianza o Super confianza.',
  noCards: 'El cliente no tiene tarjetas guardadas que marcar en la lista negra.',
  contaminated: 'El cliente ya está contaminado: sus tarjetas están en la lista negra.',
  clean: 'El cliente no está contaminado: ninguna de sus tarjetas está en la lista negra.',
  concurrent: 'Otra persona modificó las tarjetas o la honestidad del cliente al mismo tiempo. Vuelva a cargarlo.',
} as const;
