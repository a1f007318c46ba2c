/** A customer's saved card (spec details §3 "Payment method", §4 "Card"): its verification and visibility. */

/** The card's verification, as its chart names it. */
export const CARD_STATUSES = ['unverified', 'started', 'papersRequested', 'verified', 'denied'] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];

/** The papers verification's answer (statusPapers): 3 is denied. */
export const PAPERS_STATUS = { verified: 1, verifiedByPapers: 2, denied: 3 } as const;
/** papersVerificationStatus as stored. */
export const PAPERS = { requested: 'Requested', verified: 'Verified', verifiedByPapers: 'VerifiedByPapers', denied: 'Denied' } as const;

/** The stored card's verification state. */
export function cardStatus(card: { verified: boolean; papersVerificationStatus: string | null; lastCentsVigente: boolean }): CardStatus {
  if (card.verified) return 'verified';
  if (card.papersVerificationStatus === PAPERS.requested) return 'papersRequested';
  if (card.papersVerificationStatus === PAPERS.denied) return 'denied';
  if (card.lastCentsVigente) return 'started';
  return 'unverified';
}

export const CardMsg = {
  account: 'Debe indicar el cliente.',
  card: 'Debe indicar la tarjeta.',
  email: 'El correo no es válido.',
  papers: 'Debe indicar el resultado de la verificación por papeles.',
  visible: 'Debe indicar si la tarjeta queda visible.',
  gateway: 'Debe indicar una pasarela de la lista.',
  /** Spec details §5. */
  sameGateway: 'Debe especificar una pasarela diferente a la actual.',
} as const;

/** A card's gateway unless staff chose another: 7, any (spec details §5). */
export const DEFAULT_GATEWAY = 7;

/** Why the card's chart refuses an action (the server answers 409 with the same words). */
export const CardRefused = {
  verified: 'La tarjeta ya está verificada.',
  notVerified: 'La tarjeta no está verificada.',
  init: 'Solo una tarjeta sin verificar y sin verificación en curso puede iniciar la verificación.',
  papersPending: 'La tarjeta tiene papeles pedidos: responda la verificación por papeles.',
  papers: 'Solo una tarjeta sin verificar puede pedir papeles.',
  noPapers: 'La tarjeta no tiene papeles pedidos.',
  hidden: 'La tarjeta ya está oculta.',
  visible: 'La tarjeta ya está visible.',
  concurrent: 'Otra persona modificó la tarjeta al mismo tiempo. Vuelva a cargarla.',
  notFound: (id: number, accountId: number) => `La tarjeta ${id} no pertenece al cliente ${accountId}.`,
  /** The gateway refused the verification charge (an expired card): the log says ' - Verificacion fallida.'. */
  failed: ' - Verificacion fallida.',
} as const;

/** A card as staff name it: "411111******1111 (12)". */
export const cardName = (card: { id: number; firstSix: string; lastFour: string }) => `${card.firstSix}******${card.lastFour} (${card.id})`;

/** Failed attempts to add a card after which the customer is blocked (CARD_DECLINES_LIMITED, spec details §4 "Card"). */
export const CARD_DECLINES_LIMIT = 10;
/** Nothing failed to clear; some failed attempts; blocked at the limit. */
export const ADDED_CARD_STATUSES = ['clear', 'open', 'limited'] as const;

/** The added-cards chart's state for a number of failed attempts not cleared. */
export const addedCardsStatus = (failed: number) => (failed === 0 ? 'clear' : failed >= CARD_DECLINES_LIMIT ? 'limited' : 'open');

export const AddedCardsMsg = {
  account: 'Debe indicar el cliente.',
  none: 'El cliente no tiene intentos fallidos de agregar tarjeta que restablecer.',
} as const;
