import type * as v from 'valibot';
import { SmsChanged, SmsDeleteRequest, SmsUpdateRequest } from '@/api/contract/settings';
import { Permission } from '@/domain/permissions';
import { SmsRefused } from '@/domain/settings-lists';
import { settingsText } from '@/i18n/es-settings';
import { rowOf, type WireRequest } from '@/machines/lifecycle/table';
import { addSmsForm, changeSmsForm, type SmsForm, type SmsContext, type SmsSubject } from './sms-prefix.form';

export type { SmsContext, SmsSubject };

/**
 * The SMS PIN provider of a prefix (Settings › Proveedor SMS PIN; spec lists §7 "POST
 * /vphone/v1/sms/update has body prefix and provider", "/delete has body prefix"), with CRM_SETTINGS.
 * One update sets a prefix's provider whether the prefix is new or not: the console offers it as
 * "Agregar prefijo" on the list and "Cambiar" on a prefix (`creating` says which button asks).
 */

export type SmsEvent = { type: 'sms.update'; creating?: boolean; provider?: string } | { type: 'sms.delete' };

const text = settingsText.sms;
const row = rowOf<SmsEvent, SmsContext, SmsSubject>();
const PATH = '/vphone/v1/sms';

type Update = WireRequest<unknown, SmsUpdateRequest>;
const update = (s: SmsSubject, f: SmsForm) => ({ body: { token: s.token, data: { prefix: f.prefix, provider: f.provider } } });
const updateWire = { client: 'sms', method: 'POST', path: `${PATH}/update`, body: SmsUpdateRequest, data: SmsChanged, successCode: 200 } as const;
const updated = (r: Update) => [{ prefix: r.body.data.prefix }];
const provided = (r: Update) => ({ type: 'sms.update', provider: r.body.data.provider }) as const;
/** Why the chart refuses an update: an unknown provider, else the button asked of the wrong kind of prefix. */
const updateRefused = (c: SmsContext, e: SmsEvent) => {
  if (e.type === 'sms.update' && e.provider !== undefined && !c.providers.includes(e.provider)) return SmsRefused.unknownProvider(e.provider);
  return c.status === 'configured' ? SmsRefused.configured(c.prefix ?? '') : SmsRefused.absent(c.prefix ?? '');
};

/** 'Agregar prefijo' and 'Cambiar' are one request of the spec (its `sms.update`): what they share. */
const updateWork = {
  success: { text: (_s: SmsSubject, d: v.InferOutput<typeof SmsChanged>) => text.updated(d.prefix, d.provider ?? '') },
  refused: updateRefused,
  wire: updateWire,
  request: update,
  targets: updated,
  eventOf: provided,
  handler: 'update',
} as const;

export const smsPrefixActions = [
  row({
    event: 'sms.update',
    label: text.add,
    variant: 'primary',
    permissions: [Permission.SETTINGS],
    probes: [{ type: 'sms.update', creating: true }],
    form: addSmsForm,
    confirm: (_s, f: SmsForm) => text.updateQuestion(f.prefix, f.provider),
    ...updateWork,
  }),
  row({
    event: 'sms.update',
    label: text.change,
    permissions: [Permission.SETTINGS],
    probes: [{ type: 'sms.update', creating: false }],
    form: changeSmsForm,
    confirm: (s, f: SmsForm) => text.updateQuestion(s.prefix ?? '', f.provider),
    ...updateWork,
  }),
  row({
    event: 'sms.delete',
    label: settingsText.remove,
    variant: 'danger',
    permissions: [Permission.SETTINGS],
    confirm: (s) => text.removeQuestion(s.prefix ?? ''),
    success: { text: (_s, d) => text.removed(d.prefix) },
    refused: (c) => SmsRefused.absent(c.prefix ?? ''),
    wire: { client: 'sms', method: 'POST', path: `${PATH}/delete`, body: SmsDeleteRequest, data: SmsChanged, successCode: 200 },
    request: (s) => ({ body: { token: s.token, data: { prefix: s.prefix ?? '' } } }),
    targets: (r) => [{ prefix: r.body.data.prefix }],
    handler: 'delete',
  }),
];
