import { checkBody } from '@/api/contract/check';
import { CourtesyBody } from '@/api/contract/customer-courtesy';
import { COURTESY } from '@/domain/courtesy';
import { customerActionText } from '@/i18n/es-customer-actions';
import { formOf } from '@/machines/lifecycle/form';

const text = customerActionText.courtesy;

/** What the courtesy top-up sends: the full Cubacel number and the offer (its title for the question). */
export interface CourtesyPayload {
  phoneNumber: string;
  offerId: number;
  offerTitle: string;
}

/** 'Recarga de cortesía': a Cubacel number after the fixed 53 (checked first), then one offer of the catalogue. */
export const courtesyForm = formOf<unknown, { accountId: number }>()({
  title: text.title,
  id: (s) => `courtesy-${s.accountId}`,
  columns: 4,
  fields: [
    { kind: 'text', name: 'prefix', label: text.prefix, readOnly: true },
    { kind: 'text', name: 'phone', label: text.phone, inputMode: 'numeric', span: 3 },
    { kind: 'widget', widget: 'topupOffer', name: 'offerId', id: 'offer', label: text.offer, span: 4 },
  ],
  initial: () => ({ prefix: COURTESY.prefix, phone: '', offerId: '', offerTitle: '' }),
  validate: (f, _c, s) => {
    const phone = f.phone.trim();
    const checked = checkBody(CourtesyBody, { accountId: s.accountId, phoneNumber: phone === '' ? '' : `${COURTESY.prefix}${phone.replace(/^\+?53(?=\d{8}$)/, '')}`, offerId: Number(f.offerId) || 0 });
    return checked.ok ? { ok: true, payload: { phoneNumber: checked.payload.phoneNumber, offerId: checked.payload.offerId, offerTitle: f.offerTitle } satisfies CourtesyPayload } : checked;
  },
});
