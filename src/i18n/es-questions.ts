import { formatPhone } from '@/domain/phones';

/**
 * The confirm questions of the action tables: each names the action and the entity it acts on,
 * so "Estas seguro?" never stands alone ("¿Aprobar la remesa del ítem 123 de la orden 19968?").
 */

interface ItemRef {
  id: number;
  orderId: number;
}

/** An action on an order item: "¿Aprobar la remesa del ítem 123 de la orden 19968?". */
export const itemQuestion = (action: string, what: string, item: ItemRef) => `¿${action} ${what} del ítem ${item.id} de la orden ${item.orderId}?`;

/** An action on an order: "¿Cancelar la orden 19968?". */
export const orderQuestion = (action: string, orderId: number) => `¿${action} la orden ${orderId}?`;

/** An action on an offer of an order: "¿Reembolsar 5,00 USD de la oferta Recarga 10 de la orden 19968?". */
export const offerQuestion = (action: string, title: string, orderId: number) => `¿${action} de la oferta ${title} de la orden ${orderId}?`;

/** An action on a customer's phone: "¿Verificar el teléfono +5351234567 del cliente 120?". */
export const phoneQuestion = (action: string, phone: string, accountId: number) => `¿${action} ${formatPhone(phone)} del cliente ${accountId}?`;
