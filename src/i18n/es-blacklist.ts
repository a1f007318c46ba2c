/** Texts of a customer's card or phone on the blacklist (Tarjetas, Telefono and the order's payment elements). */
export const listingText = {
  add: { CARD: 'Agregar tarjeta a lista negra', PHONE: 'Agregar teléfono a lista negra' },
  remove: { CARD: 'Quitar tarjeta de lista negra', PHONE: 'Quitar teléfono de lista negra' },
  group: (caption: string) => `Lista negra de ${caption}`,
  addLabel: 'Agregar a lista negra',
  removeLabel: 'Quitar de lista negra',
  noun: { CARD: 'La tarjeta', PHONE: 'El teléfono' },
  addQuestion: (caption: string, accountId: number) => `¿Agregar ${caption} del cliente ${accountId} a la lista negra?`,
  removeQuestion: (caption: string, accountId: number) => `¿Quitar ${caption} del cliente ${accountId} de la lista negra?`,
  added: (noun: string, caption: string) => `${noun} ${caption} está en la lista negra.`,
  removed: (noun: string, caption: string) => `${noun} ${caption} salió de la lista negra.`,
} as const;

/** A button's accessible name: what it does to which kind of value. */
export const listingName = (event: string, kind: 'CARD' | 'PHONE') => (event === 'blacklist.add' ? listingText.add[kind] : listingText.remove[kind]);
