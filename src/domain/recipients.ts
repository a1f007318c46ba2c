/** A customer's recipient directory: what the server answers when an edit cannot be made. */
export const RecipientRefused = {
  /** Only a missing permission refuses an edit (the 403 says which). */
  update: 'No se puede actualizar el destinatario.',
  concurrent: 'Otra persona modificó el destinatario al mismo tiempo. Vuelva a cargarlo.',
  notFound: (id: number) => `No se encontró el destinatario ${id}.`,
} as const;
