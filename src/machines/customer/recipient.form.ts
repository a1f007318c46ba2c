import { checkBody } from '@/api/contract/check';
import { BankRecipientBody, HomeRecipientBody, type BankRecipient, type HomeRecipient } from '@/api/contract/customer-detail';
import { nationalPhone } from '@/domain/format';
import { shippingForm, type BankRecipientForm, type ShippingForm } from '@/domain/shipping';
import { customerText } from '@/i18n/es-customer';
import { formOf } from '@/machines/lifecycle/form';
import { bankRecipientFields, shippingFields } from '@/machines/items/item.form';

const text = customerText.directory;
/** The directory's catalogue of places (spec: productType REMESA). */
const PRODUCT_TYPE = 'REMESA';

/** The recipient's subject: the directory's row and its customer. */
interface RecipientOf {
  id: number;
  accountId: number;
}

/** The recipient's chart's context as its form reads it: beneath the server's state, the recipient as the directory listed it. */
interface Listed<TRecipient> {
  status: string;
  recipient?: TRecipient;
}

type HomeForm = ShippingForm & { deliveryTo: string };
type BankForm = BankRecipientForm & { zipCode: string };

/**
 * 'Actualizar Datos del Destinatario' of a home recipient: the address form of home remittances,
 * and the hour deliveries end; it opens with the recipient as the directory listed it (the
 * chart's context: `recipient`, beneath the server's snapshot).
 */
export const homeRecipientForm = formOf<Listed<HomeRecipient>, RecipientOf>()({
  title: text.dialogTitle,
  id: (s) => `recipient-${s.id}`,
  columns: 2,
  fields: [...shippingFields<HomeForm>(PRODUCT_TYPE), { kind: 'text', name: 'deliveryTo', id: 'to', type: 'time', label: text.deliveryTo, span: 2 }],
  initial: (c): HomeForm => ({ ...shippingForm(c.recipient), deliveryTo: c.recipient?.deliveryTo ?? '' }),
  validate: (f, c, s) => checkBody(HomeRecipientBody, { ...f, id: s.id, accountId: s.accountId, version: c.recipient?.version }),
});

/**
 * 'Actualizar Datos del Destinatario' of a bank recipient: the fields of a bank remittance's
 * destination and the zip code. The directory keeps the place by name; the selects take its codes.
 */
export const bankRecipientForm = formOf<Listed<BankRecipient>, RecipientOf>()({
  title: text.dialogTitle,
  id: (s) => `bank-recipient-${s.id}`,
  columns: 2,
  fields: [...bankRecipientFields<BankForm>(PRODUCT_TYPE), { kind: 'text', name: 'zipCode', id: 'zip', inputMode: 'numeric', label: text.zipCode, span: 2 }],
  initial: ({ recipient: r }): BankForm => ({
    cardNumber: r?.cardNumber ?? '',
    name: r?.fullName ?? '',
    identityCard: r?.identityCard ?? '',
    phoneNumber: nationalPhone(r?.phoneNumber),
    province: r?.address.provinceCode ?? '',
    municipality: r?.address.municipalityCode ?? '',
    neighborhood: r?.address.neighborhood ?? '',
    address: r?.address.address ?? '',
    zipCode: r?.address.zipCode ?? '',
  }),
  validate: (f, c, s) =>
    checkBody(BankRecipientBody, {
      id: s.id,
      accountId: s.accountId,
      version: c.recipient?.version,
      fullName: f.name,
      cardNumber: f.cardNumber,
      identityCard: f.identityCard,
      phoneNumber: f.phoneNumber,
      address: { provinceCode: f.province, municipalityCode: f.municipality, neighborhood: f.neighborhood, address: f.address, zipCode: f.zipCode },
    }),
});
