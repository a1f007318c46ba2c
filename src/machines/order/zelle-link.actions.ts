import * as v from 'valibot';
import { ZelleAssignBody, ZelleRegisterBody } from '@/api/contract/order-actions';
import { Zelle } from '@/api/contract/order-detail';
import { OrderRefused } from '@/domain/order-actions';
import { Permission } from '@/domain/permissions';
import { formatMoney } from '@/domain/format';
import { orderActionText } from '@/i18n/es-order-actions';
import { rowOf } from '@/machines/lifecycle/table';
import { registerForm, type ZelleRegistration } from './zelle-link.form';

export type { ZelleRegistration } from './zelle-link.form';

/**
 * Zelle transfers (spec details §4 "Zelle", §6, §7): registering a transfer received and linking
 * one to an order are CRM2_SUPER_ACTION's. The paths carry the company twice on the order page
 * ({tenant}/{tenant}) and the charge order's app name and the company from a charge order
 * ({appName}/{tenant}).
 */

export type ZelleLinkEvent = { type: 'zelle.register'; linked: boolean } | { type: 'zelle.link' };

export interface ZelleLinkContext {
  /** The transfer exists (a registration starts from none). */
  registered: boolean;
  linked: boolean;
  processed: boolean;
  /** The status of the order it is (or would be) linked to; null when there is none. */
  orderStatus: string | null;
  permissions: readonly string[];
}

/** A transfer as the order page names it: the order whose Zelle section shows it. */
export interface ZelleSubject {
  orderId: number;
  /** The order's reference code (its origin id): what a link assigns. */
  referenceCode: string | null;
  /** The transfer acted on (absent for a registration). */
  transfer?: Zelle;
  /** The path's first segment: the charge order's app name; the company's tenant when absent. */
  appName?: string;
}

const row = rowOf<ZelleLinkEvent, ZelleLinkContext, ZelleSubject>();
const text = orderActionText.zelle;
export const TRANSFERS = '/upg/secured/zelle/:company/:tenant/transfers';
/** The path's first segment for a subject. */
const company = (s: ZelleSubject, session: { tenant: string }) => ({ company: s.appName ?? session.tenant });
const Transfers = v.object({ elements: v.array(Zelle) });

export const zelleLinkActions = [
  row({
    event: 'zelle.register',
    label: text.register,
    permissions: [Permission.SUPER_ACTION],
    probes: [
      { type: 'zelle.register', linked: true },
      { type: 'zelle.register', linked: false },
    ],
    form: registerForm,
    confirm: (_s, t: ZelleRegistration) => text.registerQuestion(t.name, formatMoney(t.amount ?? 0, t.currency), t.referenceCode ?? null),
    success: { text: () => text.registerText },
    refused: OrderRefused.zelleRegister,
    wire: { client: 'upgSecured', method: 'POST', path: TRANSFERS, body: ZelleRegisterBody, data: Transfers },
    request: (s, t, session) => ({ body: t, params: company(s, session) }),
    // The store's key: the path's company, the order the reference code names (none: left unlinked).
    targets: (r) => [{ new: true, tenant: r.params.tenant ?? '', reference: r.body.referenceCode || null }],
    eventOf: (r) => ({ type: 'zelle.register', linked: r.body.referenceCode !== undefined && r.body.referenceCode !== '' }),
    handler: 'register',
  }),
  row({
    event: 'zelle.link',
    label: text.link,
    permissions: [Permission.SUPER_ACTION],
    many: true,
    confirm: (s) => text.linkQuestion(s.transfer?.name ?? '', s.referenceCode ?? '', s.orderId),
    success: { text: (s) => text.linkText(s.referenceCode ?? '') },
    refused: OrderRefused.zelleLink,
    wire: { client: 'upgSecured', method: 'POST', path: `${TRANSFERS}/assign-reference-code`, body: ZelleAssignBody, data: Transfers },
    request: (s, _p, session) => ({ body: { transferIds: s.transfer ? [s.transfer.id] : [], referenceCode: s.referenceCode ?? '' }, params: company(s, session) }),
    targets: (r) => r.body.transferIds.map((transfer) => ({ transfer, tenant: r.params.tenant ?? '', reference: r.body.referenceCode })),
    handler: 'link',
  }),
];
