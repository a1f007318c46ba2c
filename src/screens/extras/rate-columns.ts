import type { ExchangeRate } from '@/api/contract/extras';
import { formatDateTime } from '@/domain/time';
import type { Column } from '@/ui/data-grid';
import { extrasText } from '@/i18n/es-extras';
import { formatCount } from '@/domain/format';

const decimal = { format: (value: number) => formatCount(value, 4) };
const formatNumber = (value: number | undefined) => (value === undefined ? '' : decimal.format(value));

/** The columns of both rate tables (spec: base, currency, fee, rate, modified date). */
export const RATE_COLUMNS: Column<ExchangeRate>[] = [
  { headerName: extrasText.rates.base, field: 'base', width: 100 },
  { headerName: extrasText.rates.currency, field: 'currency', width: 110 },
  { headerName: extrasText.rates.fee, colId: 'fee', valueGetter: (p) => formatNumber(p.data?.fee), width: 120, type: 'rightAligned' },
  { headerName: extrasText.rates.rate, colId: 'rate', valueGetter: (p) => formatNumber(p.data?.rate), width: 120, type: 'rightAligned' },
  { headerName: extrasText.rates.modified, colId: 'modifyDate', valueGetter: (p) => formatDateTime(p.data?.modifyDate), width: 180 },
];

/** Rates carry no id: a pair at an instant is unique in practice, the values break any tie. */
export const rateRowId = (r: ExchangeRate) => `${r.base}|${r.currency}|${r.modifyDate}|${r.rate}|${r.fee}`;
