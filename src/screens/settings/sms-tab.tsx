import { useMemo } from 'react';
import { useServices } from '@/ui/session';
import { getSmsConfiguration, smsToken } from '@/api/settings';
import { GLOBAL_PREFIX, type SmsConfig } from '@/api/contract/settings';
import type { ChartSnapshot } from '@/api/contract/chart-snapshot';
import { smsPrefix } from '@/machines/settings/sms-prefix.machine';
import { DetailTabView, useShownDetail } from '@/ui/detail-tab';
import { DataGrid, type Column } from '@/ui/data-grid';
import { CellChartActions, CellFlow, ChartActions, snapshotPart, useChartFlow } from '@/ui/chart-actions';
import { settingsText } from '@/i18n/es-settings';
import { actionsColumn } from './display';

const text = settingsText.sms;

/** A prefix's chart (or, with no prefix, the list's "Agregar prefijo"), as the configuration read carries it. */
const prefixPart = (charts: ChartSnapshot[] | undefined, prefix: string | null, token: string) => snapshotPart(charts, { lifecycle: smsPrefix, subject: { prefix, token } });

/** The prefixes' grid: its columns change only with the token; each row's buttons run in the tab's flow (CellFlow). */
function Prefixes({ rows, token }: { rows: SmsConfig[]; token: string }) {
  const columns = useMemo<Column<SmsConfig>[]>(
    () => [
      { headerName: text.prefix, field: 'prefix', minWidth: 260, valueFormatter: (p) => (p.value === GLOBAL_PREFIX ? `${GLOBAL_PREFIX} (${text.defaultEntry})` : String(p.value ?? '')) },
      { headerName: text.provider, field: 'provider', flex: 1 },
      actionsColumn<SmsConfig>(
        (row) => (
          <CellChartActions
            label={text.group(row.prefix)}
            parts={[prefixPart(row.charts, row.prefix, token)]}
            buttonName={(action) => (action.event === 'sms.delete' ? text.removeFor(row.prefix) : text.changeFor(row.prefix))}
          />
        ),
        180,
      ),
    ],
    [token],
  );
  return <DataGrid label={text.label} rows={rows} columns={columns} getRowId={(row) => row.prefix} csvName={text.csv} />;
}

/**
 * Proveedor SMS PIN: the provider per prefix, from the SMS host. "Agregar prefijo", "Cambiar" and
 * "Eliminar" are the prefixes' chart's ("Global" is the default: the chart refuses its delete).
 */
export function SmsTab() {
  const services = useServices();
  const resource = useShownDetail(() => getSmsConfiguration(services));
  const reload = () => resource.refresh();
  const token = smsToken(services);
  // A deleted prefix leaves the list: the flow outlives its row.
  const flow = useChartFlow({ onDone: reload, onFailed: reload });

  return (
    <div className="space-y-3">
      <DetailTabView tab={resource}>
        {(data) => (
          <>
            <div className="flex justify-start">
              <ChartActions label={text.addGroup} parts={[prefixPart(data.charts, null, token)]} onDone={reload} />
            </div>
            <CellFlow flow={flow}>
              <Prefixes rows={data.configSms} token={token} />
            </CellFlow>
          </>
        )}
      </DetailTabView>
      {flow.dialogs}
    </div>
  );
}
