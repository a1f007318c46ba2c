import type { ReactNode } from 'react';
import type { OfferItem } from '@/api/contract/order-detail';
import type { Remittance } from '@/api/contract/remittance';
import { productStatusLabel } from '@/domain/products';
import { DetailSection, KeyValues } from '@/ui/detail-table';
import { StoredImage } from '@/ui/stored-image';
import { remittanceText } from '@/i18n/es-remittance';
import { ItemFrame } from './item-frame';
import { formatMoney, normalizeProvince } from '@/domain/format';
import { PhoneLink } from '@/ui/phone-link';

const dataText = remittanceText.data;

/** The panel around a remittance item: its title, its status (as the product labels it), the actions, then the data. */
export function RemittanceFrame({ title, chart, item, children }: { title: string; chart: string; item: OfferItem; children: ReactNode }) {
  return (
    <ItemFrame title={title} history={{ chart, entityId: item.id }}>
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
            { label: dataText.senderDoc, value: <StoredImage url={sender.identityDocPhotoUrl} label={dataText.senderDoc} /> },
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
                  { label: dataText.phone, value: <PhoneLink number={recipient.phoneNumber} /> },
                ]
              : [
                  { label: dataText.mobile, value: <PhoneLink number={a.mobile} /> },
                  { label: dataText.landLine, value: <PhoneLink number={a.landLine} /> },
                ]),
            { label: dataText.province, value: normalizeProvince(a.province) },
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
