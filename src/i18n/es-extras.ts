import { Msg } from '@/domain/messages';
import { formatCount } from '@/domain/format';

/** Texts of the Extras screen (loaded with it). Quoted spec texts come from domain/messages. */
export const extrasText = {
  tabs: {
    label: 'Secciones de Extras',
    rates: 'Tasa de Cambio',
    kyc: 'Verificaciones KYC',
  },
  rates: {
    current: 'Tasas actuales',
    history: 'Historial de tasas',
    base: 'Base',
    currency: 'Moneda',
    fee: 'Comisión',
    rate: 'Tasa',
    modified: 'Fecha de modificación',
    csvCurrent: 'tasas-actuales.csv',
    csvHistory: 'historial-tasas.csv',
    empty: Msg.emptyResult,
  },
  kyc: {
    label: 'Verificaciones KYC',
    filters: 'Filtros de verificaciones KYC',
    partnerReference: 'Id de cuenta',
    status: 'Estado',
    dateFrom: 'Fecha desde',
    dateTo: 'Fecha hasta',
    all: 'Todos',
    // The spec names these two buttons in English.
    search: 'Search',
    clear: 'Clear',
    total: (n: number, limited: boolean) => `Total: ${limited ? 'más de ' : ''}${formatCount(n)}`,
    empty: Msg.emptyKyc,
    copyHint: 'Haga clic en una URL para copiarla completa.',
    csv: 'verificaciones-kyc.csv',
    columns: {
      id: 'Id',
      account: 'Id de cuenta',
      status: 'Estado',
      url: 'URL de verificación',
      created: 'Creada',
      verified: 'Verificada',
      media: 'Media',
      document: 'Documento',
      ip: 'IP',
      partnerId: 'Partner Id',
    },
  },
} as const;
