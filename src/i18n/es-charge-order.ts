/** Texts of the charge-order (UPG) detail (spec details §2) and its actions. */
export const chargeText = {
  actions: {
    label: (id: number) => `Acciones del cobro ${id}`,
    approve: 'Aprobar',
    voidPreAuth: 'Anular preautorización',
    refund: 'Reembolsar total',
    notifyClosed: 'Notificar cierre',
    notifyPayment: 'Notificar pago',
    question: (action: string, id: number, originOrderId: string) => `¿${action} el cobro ${id} (${originOrderId})?`,
    refundQuestion: (id: number, total: string) => `¿Reembolsar el total del cobro ${id} (${total})? El reembolso no se puede deshacer.`,
    notifyQuestion: (what: string, id: number, email: string | null) => `¿Enviar la notificación ${what} del cobro ${id}${email ? ` a ${email}` : ''}?`,
    approved: (id: number) => `Cobro ${id} aprobado.`,
    voided: (id: number) => `Preautorización del cobro ${id} anulada.`,
    refunded: (id: number, total: string) => `Cobro ${id} reembolsado: ${total}.`,
    notified: (id: number, email: string | null) => `Notificación del cobro ${id} enviada${email ? ` a ${email}` : ''}.`,
  },
} as const;
