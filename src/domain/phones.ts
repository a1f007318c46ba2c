/** A customer's phones (spec details §3 "Phone", §5): the rules both ends share. */

export const PhoneMsg = {
  /** Spec details §5 "Add phone". */
  phoneRequired: 'Debe especificar el telefono.',
  prefixRequired: 'Debe especificar el prefijo.',
  prefixInvalid: 'El prefijo debe tener entre 1 y 4 dígitos.',
  phoneInvalid: 'El telefono debe tener entre 6 y 15 dígitos.',
  accountRequired: 'Debe indicar el cliente.',
} as const;

/** Why a phone's chart refuses an action (the server answers 409 with the same words). */
export const PhoneRefused = {
  verified: 'El teléfono ya está verificado.',
  noAttempts: 'El teléfono no tiene intentos de verificación que reiniciar.',
  concurrent: 'Otra persona modificó el teléfono al mismo tiempo. Vuelva a cargarlo.',
  /** Exactly one principal: only a verified number that is not it already may take its place. */
  principal: 'Solo un teléfono verificado que no sea el principal puede pasar a principal.',
  principalKept: 'El teléfono principal no se puede eliminar: haga principal otro antes.',
  add: 'No se puede agregar el teléfono.',
  taken: (phone: string) => `El teléfono ${phone} ya pertenece a un cliente.`,
} as const;

/** A stored number (digits with the country prefix) as staff read it. */
export const formatPhone = (digits: string) => `+${digits}`;

/** The action log's sentence of a phone's action: its label and the number. */
export const phoneLogged = (label: string, digits: string) => `${label}: teléfono ${formatPhone(digits)}`;
