import { Permission } from './permissions';
import type { DeliveryStatus } from './delivery';
import { AddressMsg } from './address-rules';
import { IMAGE_TYPES, MAX_IMAGE_BYTES } from './images';

/**
 * Bank and home remittances (spec details §4 "Remittance to bank", "Home remittance", §6): the
 * statuses their items go through, who may act on them, and the Spanish reasons a refused action
 * is given (409). Browser and server read them from here.
 */

export const BANK_REMITTANCE = 'REMESA_BANCARIA';
export const HOME_REMITTANCE = 'REMESA_A_DOMICILIO';
export const REMITTANCE_PRODUCTS = [BANK_REMITTANCE, HOME_REMITTANCE] as const;

/** A bank remittance: approved (TO_ACTIVATE), then the bank's REQUESTED, PROCESSING, DELIVERED; FULFILLED once confirmed. */
export const BANK_REMITTANCE_STATUSES = [
  'OPEN', 'MANUAL', 'TO_ACTIVATE', 'REQUESTED', 'PROCESSING', 'DELIVERED', 'FULFILLED', 'CANCELLED', 'REFUND', 'REFUND_PARTIAL', 'REFUND_TO_CREDIT',
] as const;
export type BankRemittanceStatus = (typeof BANK_REMITTANCE_STATUSES)[number];

/** A home remittance: approved (TO_ACTIVATE), assigned to a courier (PENDING_DELIVERY), IN_TRANSIT, FULFILLED once delivered. */
export const HOME_REMITTANCE_STATUSES = [
  'OPEN', 'MANUAL', 'TO_ACTIVATE', 'PENDING_DELIVERY', 'IN_TRANSIT', 'DELIVERED', 'FULFILLED', 'CANCELLED', 'REFUND', 'REFUND_PARTIAL', 'REFUND_TO_CREDIT',
] as const;
export type HomeRemittanceStatus = (typeof HOME_REMITTANCE_STATUSES)[number];


/**
 * Where a refresh takes a home remittance when the delivery service is ahead of it: from approved
 * to assigned (PENDING_DELIVERY), in transit or delivered, and onwards. Anything else leaves it.
 */
export const HOME_REFRESH_MOVES: Readonly<Partial<Record<HomeRemittanceStatus, readonly { reported: DeliveryStatus; to: HomeRemittanceStatus }[]>>> = {
  TO_ACTIVATE: [
    { reported: 'ASSIGNED', to: 'PENDING_DELIVERY' },
    { reported: 'IN_TRANSIT', to: 'IN_TRANSIT' },
    { reported: 'FULFILLED', to: 'FULFILLED' },
  ],
  PENDING_DELIVERY: [
    { reported: 'IN_TRANSIT', to: 'IN_TRANSIT' },
    { reported: 'FULFILLED', to: 'FULFILLED' },
  ],
  IN_TRANSIT: [{ reported: 'FULFILLED', to: 'FULFILLED' }],
};

/** Every remittance operation is the operations specialist's (spec §6), on top of the editor flag. */
export const REMITTANCE_ACTION_PERMISSION = {
  modifyDestination: Permission.OPERATIONS_SPECIALIST,
  modifyProvider: Permission.OPERATIONS_SPECIALIST,
  approve: Permission.OPERATIONS_SPECIALIST,
  markDelivered: Permission.OPERATIONS_SPECIALIST,
  backToProcessing: Permission.OPERATIONS_SPECIALIST,
  review: Permission.OPERATIONS_SPECIALIST,
  deliver: Permission.OPERATIONS_SPECIALIST,
  refresh: Permission.OPERATIONS_SPECIALIST,
} as const;
export type RemittanceAction = keyof typeof REMITTANCE_ACTION_PERMISSION;

/** The providers (paying banks) a bank remittance can go through. */
export const REMITTANCE_PROVIDERS = ['BPA', 'BANDEC', 'METROPOLITANO'] as const;
export type RemittanceProvider = (typeof REMITTANCE_PROVIDERS)[number];

/** A bank remittance's service type unless chosen otherwise (spec details §9). */
export const DEFAULT_SERVICE_TYPE = 'Normal';
export const SERVICE_TYPES = [DEFAULT_SERVICE_TYPE, 'Urgente'] as const;

/** Uploaded images (identity document, delivery receipt): their types and size (src/domain/images.ts). */
export { IMAGE_TYPES, MAX_IMAGE_BYTES };

/** Why the server refuses a remittance action in the item's present state (409). */
export const RemittanceRefused = {
  bankModifyDestination: 'Solo se puede modificar el destino de una remesa bancaria en MANUAL.',
  bankModifyProvider: 'Solo se puede cambiar el proveedor de una remesa bancaria en MANUAL.',
  bankApprove: 'Solo se puede aprobar una remesa bancaria en MANUAL.',
  bankMarkDelivered: 'Solo se puede marcar entregada una remesa bancaria en REQUESTED, PROCESSING o DELIVERED.',
  bankBackToProcessing: 'Solo una remesa bancaria FULFILLED puede volver a procesamiento.',
  homeModifyDestination: 'Solo se puede modificar el destino de una remesa a domicilio en MANUAL con número de seguimiento.',
  homeApprove: 'Solo se puede aprobar una remesa a domicilio en MANUAL con número de seguimiento.',
  homeReview: 'Solo se puede enviar a revisión una remesa a domicilio en PENDING_DELIVERY.',
  homeDeliver: 'Solo se puede reportar la entrega de una remesa a domicilio en IN_TRANSIT o PENDING_DELIVERY.',
  homeBackToProcessing: 'Solo una remesa a domicilio FULFILLED puede volver a procesamiento.',
  homeRefresh: 'No se puede refrescar el estado de una remesa a domicilio en OPEN.',
  /** The bank did not transfer (update-status answers the bank's element with this when it has no message). */
  notTransferred: 'El banco no realizó la transferencia.',
} as const;

/** The Spanish texts of the remittance forms (spec details §5 and §8 where quoted). */
export const RemittanceMsg = {
  destinationRequired: 'destino requerido!',
  nameRequired: 'Debe indicar el nombre del destinatario.',
  senderRequired: 'Debe indicar el nombre del remitente.',
  provinceRequired: 'Debe seleccionar la provincia.',
  municipalityRequired: 'Debe seleccionar el municipio.',
  placeUnknown: 'El municipio no pertenece a la provincia.',
  addressRequired: 'Debe indicar la dirección.',
  cardNumber: 'La tarjeta debe tener 16 dígitos.',
  identityCard: 'El carné de identidad debe tener 11 dígitos.',
  phone: 'El teléfono debe tener 8 dígitos.',
  mobile: AddressMsg.mobile,
  landLine: AddressMsg.landLine,
  hour: AddressMsg.hour,
  tooLong: AddressMsg.tooLong,
  providerRequired: 'Debe seleccionar un proveedor.',
  providerSame: 'Debe especificar un proveedor diferente al actual.',
  itemsRequired: 'Debe indicar los items.',
  statusNotAllowed: 'Solo se puede pasar una remesa bancaria a TO_ACTIVATE, FULFILLED o MANUAL.',
  reasonRequired: 'Debe indicar el motivo.',
  courierRequired: 'Debe seleccionar el mensajero.',
  courierUnknown: 'El mensajero no existe o no está activo.',
  deliveryDateRequired: 'Debe indicar la fecha de entrega.',
  deliveryDateFuture: 'La fecha de entrega no puede ser futura.',
  receiverRequired: 'Debe indicar quién recibió la remesa.',
  imageRequired: 'Debe adjuntar la imagen.',
  imageType: 'La imagen debe ser JPG, PNG o WEBP.',
  imageSize: 'La imagen no puede superar 1 MB.',
  receiptUnknown: 'El recibo no pertenece a esta remesa.',
  otherAccount: 'No puede actuar en nombre de otra cuenta.',
  remittanceRequired: 'Debe indicar la remesa.',
  noDelivery: 'La remesa no está registrada en el servicio de entregas.',
} as const;

/** Why the server would refuse an image (its type, its size); null when it takes it or none was picked. */
export function imageProblem(file: { type: string; size: number } | undefined): string | null {
  if (!file) return null;
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return RemittanceMsg.imageType;
  if (file.size > MAX_IMAGE_BYTES) return RemittanceMsg.imageSize;
  return null;
}

/** The reference rates a remittance paid in USD is priced at: fee share and credit per dollar. */
export const REMITTANCE_RATES: Readonly<Record<string, { rate: number; fee: number }>> = {
  CUP: { rate: 120, fee: 0.05 },
  USD: { rate: 1, fee: 0.03 },
  EUR: { rate: 0.92, fee: 0.02 },
};

/** The fee kept from an amount paid in USD and the credit that reaches the recipient in `currency`. */
export function priceRemittance(amount: number, currency: string): { fee: number; destinationCredit: number } {
  const { rate, fee } = REMITTANCE_RATES[currency] ?? { rate: 1, fee: 0.03 };
  const charged = Math.round(amount * fee * 100) / 100;
  return { fee: charged, destinationCredit: Math.round((amount - charged) * rate * 100) / 100 };
}
