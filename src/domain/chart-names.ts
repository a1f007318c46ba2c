/**
 * Each chart the server serves by the Spanish name of its action table (issue 40 §7): the audit page
 * shows them (src/i18n/es-audit.ts `charts`), the server names them in an entity's history and
 * the conformance (issue 40 §3, §5). The code name stays the tooltip.
 */
export const CHART_NAMES = {
  accountSettings: 'Ajustes de la cuenta',
  addedCards: 'Tarjetas añadidas',
  approval: 'Aprobación (cuatro ojos)',
  bankRecipient: 'Destinatario bancario',
  bankRemittanceItem: 'Remesa bancaria',
  blacklistEntry: 'Entrada de la lista negra',
  callReturn: 'Devolución de llamada',
  card: 'Tarjeta guardada',
  chargeOrder: 'Orden de cobro',
  claimRelease: 'Liberación de reservas',
  creditTransfer: 'Transferencia de crédito',
  customerAccess: 'Acceso del cliente',
  customerAccount: 'Cuenta del cliente',
  customerBlacklist: 'Lista negra del cliente',
  customerCampaigns: 'Campañas del cliente',
  customerCourtesy: 'Cortesías del cliente',
  customerCredit: 'Crédito del cliente',
  customerFraud: 'Fraude del cliente',
  customerKyc: 'Verificación de identidad (KYC)',
  customerNotify: 'Notificaciones al cliente',
  customerPhones: 'Teléfonos del cliente',
  customerRegistry: 'Registro de clientes',
  customerReports: 'Reportes del cliente',
  docActivity: 'Actividad del documento',
  homeRecipient: 'Destinatario a domicilio',
  homeRemittanceItem: 'Remesa a domicilio',
  offer: 'Oferta',
  order: 'Orden',
  paymentRule: 'Regla de pago',
  phone: 'Teléfono',
  pickupCashItem: 'Remesa para recoger en efectivo',
  prepaidCardItem: 'Tarjeta prepago',
  recipientEntry: 'Entrada de destinatarios bloqueados',
  refund: 'Reembolso',
  smsPrefix: 'Prefijo de SMS',
  topupClaim: 'Reclamación de recarga',
  topupItem: 'Recarga',
  userDocument: 'Documento del cliente',
  userDocuments: 'Documentos del cliente',
  zelleLink: 'Enlace de Zelle',
} as const;

/** A chart by its Spanish name (the code name for a chart the console does not know). */
export const chartName = (chart: string): string => (CHART_NAMES as Readonly<Record<string, string>>)[chart] ?? chart;
