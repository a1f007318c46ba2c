import { useMemo, useState } from 'react';
import * as v from 'valibot';
import { useServices } from '@/ui/session';
import { deleteSmsPrefix, getSmsConfiguration, getSmsProviders, updateSmsProvider } from '@/api/settings';
import { GLOBAL_PREFIX, SmsUpdateData, type SmsConfig } from '@/api/contract/settings';
import { Permission } from '@/domain/permissions';
import { DetailTabView, useShownDetail } from '@/ui/detail-tab';
import { ActionFlowDialogs, useActionFlow } from '@/ui/action-flow';
import { DataGrid, type Column } from '@/ui/data-grid';
import { EditorOnly } from '@/ui/editor-only';
import { Button } from '@/ui/button';
import { settingsText } from '@/i18n/es-settings';
import { SmsProviderDialog, type SmsForm } from './sms-provider-dialog';
import { actionsColumn, rowButton } from './display';
import { useCanEdit } from '@/ui/flow-stage';

interface SmsData {
  configSms: SmsConfig[];
  providers: string[];
}

/** Proveedor SMS PIN: the provider per prefix, from the SMS host. "Global" is the default and cannot be deleted. */
export function SmsTab() {
  const services = useServices();
  const resource = useShownDetail<SmsData>(async () => {
    const [configSms, providers] = await Promise.all([getSmsConfiguration(services), getSmsProviders(services)]);
    return { configSms, providers };
  });
  const reload = () => resource.refresh();
  // The entry whose provider is being chosen ('' for a new prefix): the dialog's title. What is typed is the flow's.
  const [editing, setEditing] = useState<SmsForm | null>(null);

  const update = useActionFlow<SmsForm, SmsForm>({
    validate: (form) => {
      const parsed = v.safeParse(SmsUpdateData, form);
      return parsed.success ? { ok: true, payload: parsed.output } : { ok: false, message: parsed.issues[0].message };
    },
    perform: async ({ prefix, provider }) => {
      await updateSmsProvider(services, prefix, provider);
      return settingsText.sms.updated(prefix, provider);
    },
    onDone: reload,
  });
  const edit = (entry: SmsForm) => {
    setEditing(entry);
    update.open(entry);
  };
  const remove = useActionFlow<string, string>({
    validate: (prefix) => (prefix === GLOBAL_PREFIX ? { ok: false, message: settingsText.sms.globalStays } : { ok: true, payload: prefix }),
    perform: async (prefix) => {
      await deleteSmsPrefix(services, prefix);
      return settingsText.sms.removed(prefix);
    },
    onDone: reload,
  });

  const canEdit = useCanEdit(Permission.SETTINGS);
  const columns = useMemo<Column<SmsConfig>[]>(
    () => [
      { headerName: settingsText.sms.prefix, field: 'prefix', minWidth: 260, valueFormatter: (p) => (p.value === GLOBAL_PREFIX ? `${GLOBAL_PREFIX} (${settingsText.sms.defaultEntry})` : String(p.value ?? '')) },
      { headerName: settingsText.sms.provider, field: 'provider', flex: 1 },
      ...(canEdit
        ? [
            actionsColumn<SmsConfig>(
              (row) => (
                <EditorOnly permission={Permission.SETTINGS}>
                  <span className="flex gap-1">
                    <Button variant="secondary" className={rowButton} aria-label={settingsText.sms.changeFor(row.prefix)} onClick={() => edit({ ...row })}>
                      {settingsText.sms.change}
                    </Button>
                    {row.prefix === GLOBAL_PREFIX ? null : (
                      <Button variant="danger" className={rowButton} aria-label={settingsText.sms.removeFor(row.prefix)} onClick={() => remove.actor.send({ type: 'action.submit', payload: row.prefix })}>
                        {settingsText.remove}
                      </Button>
                    )}
                  </span>
                </EditorOnly>
              ),
              180,
            ),
          ]
        : []),
    ],
    // `edit` opens the update flow's form (the flow's actor never changes).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [canEdit, remove.actor],
  );

  return (
    <div className="space-y-3">
      <DetailTabView tab={resource}>
        {(data) => (
          <>
            <div className="flex justify-start">
              <EditorOnly permission={Permission.SETTINGS}>
                <Button onClick={() => edit({ prefix: '', provider: data.providers[0] ?? '' })}>{settingsText.sms.add}</Button>
              </EditorOnly>
            </div>
            <DataGrid label={settingsText.sms.label} rows={data.configSms} columns={columns} getRowId={(row) => row.prefix} csvName={settingsText.sms.csv} />
            <SmsProviderDialog entry={editing} providers={data.providers} flow={update} />
          </>
        )}
      </DetailTabView>
      <ActionFlowDialogs actor={update.actor} />
      <ActionFlowDialogs actor={remove.actor} />
    </div>
  );
}
