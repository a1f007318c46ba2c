import { useState, type ReactNode } from 'react';
import type { OfferItem } from '@/api/contract/order-detail';
import type { Remittance } from '@/api/contract/remittance';
import { getRemittanceImage } from '@/api/remittance';
import { errorMessage } from '@/api/http';
import { productStatusLabel } from '@/domain/products';
import { useServices } from '@/ui/session';
import { DetailSection, KeyValues } from '@/ui/detail-table';
import { Spinner } from '@/ui/spinner';
import { remittanceText } from '@/i18n/es-remittance';
import { ItemFrame } from './item-frame';
import { formatMoney } from '@/domain/format';

const dataText = remittanceText.data;

/**
 * An uploaded image (identity document, receipt): read with the staff member's token when asked
 * for, shown in place. Nothing is linked to directly, so the file never leaves the session.
 */
export function RemittanceImage({ url, label }: { url: string | null; label: string }) {
  const services = useServices();
  const [shown, setShown] = useState<{ src: string | null; error: string | null; loading: boolean; open: boolean }>({ src: null, error: null, loading: false, open: false });
  if (!url) return <>{remittanceText.none}</>;
  const toggle = () => {
    if (shown.open) return setShown({ ...shown, open: false });
    if (shown.src) return setShown({ ...shown, open: true });
    setShown({ src: null, error: null, loading: true, open: true });
    getRemittanceImage(services, url).then(
      (src) => setShown({ src, error: null, loading: false, open: true }),
      (error: unknown) => setShown({ src: null, error: errorMessage(error), loading: false, open: true }),
    );
  };
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <button type="button" className="text-sm font-medium text-brand-700 underline hover:text-brand-800" onClick={toggle} aria-expanded={shown.open}>
        {shown.open ? remittanceText.image.hide(label) : remittanceText.image.show(label)}
      </button>
      {shown.open && shown.loading ? <Spinner label={remittanceText.image.loading} /> : null}
      {shown.open && shown.error ? (
        <span role="alert" className="text-xs text-red-700">
          {shown.error}
        </span>
      ) : null}
      {shown.open && shown.src ? <img src={shown.src} alt={label} className="max-h-64 max-w-full rounded ring-1 ring-slate-200" /> : null}
    </span>
  );
}

/** The panel around a remittance item: its title, its status (as the product labels it), the actions, then the data. */
export function RemittanceFrame({ title, item, children }: { title: string; item: OfferItem; children: ReactNode }) {
  return (
    <ItemFrame title={title}>
      <KeyValues items={[{ label: dataText.status, value: productStatusLabel(item.productType, item.status) }]} />
      {children}
    </ItemFrame>
  );
}

const money = formatMoney;

/** The remittance object (spec details §3): the money, the sender, the recipient and where it goes. */
export function RemittanceFacts({ remittance, item, bank }: { remittance: Remittance; item: OfferItem; bank: boolean }) {
  const { sender, recipient, shippingAddress: a } = remittance;
  return (
    <div className="space-y-3">
      <DetailSection title={dataText.sections.remittance}>
        <KeyValues
          items={[
            { label: dataText.destinationCredit, value: money(remittance.destinationCredit, remittance.destinationCurrency) },
            { label: dataText.fee, value: money(remittance.fee, remittance.currency) },
            ...(bank ? [{ label: dataText.serviceType, value: remittance.remesaToBankServiceType }, { label: dataText.provider, value: item.provider }] : [{ label: dataText.tracking, value: item.trackingNumber }]),
            { label: dataText.sender, value: sender.fullName },
            { label: dataText.senderDoc, value: <RemittanceImage url={sender.identityDocPhotoUrl} label={dataText.senderDoc} /> },
          ]}
        />
      </DetailSection>
      <DetailSection title={dataText.sections.recipient}>
        <KeyValues
          items={[
            { label: dataText.recipient, value: recipient.fullName },
            ...(bank
              ? [
                  { label: dataText.cardNumber, value: recipient.cardNumber },
                  { label: dataText.bankName, value: recipient.bankName },
                  { label: dataText.identityCard, value: recipient.identityCard },
                  { label: dataText.phone, value: recipient.phoneNumber },
                ]
              : [
                  { label: dataText.mobile, value: a.mobile },
                  { label: dataText.landLine, value: a.landLine },
                ]),
            { label: dataText.province, value: a.province },
            { label: dataText.municipality, value: a.municipality },
            { label: dataText.neighborhood, value: a.neighborhood },
            { label: dataText.address, value: a.address },
            ...(bank
              ? [{ label: dataText.zipCode, value: a.zipCode }]
              : [
                  { label: dataText.indications, value: a.indications },
                  { label: dataText.deliveryFrom, value: a.deliveryFrom },
                ]),
          ]}
        />
      </DetailSection>
    </div>
  );
}
