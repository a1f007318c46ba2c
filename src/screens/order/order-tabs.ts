import * as v from 'valibot';

/** The order page's tabs by the names its URL gives them (`?tab=risk`), in the order they are shown. */
export const ORDER_TABS = ['offers', 'risk', 'payment', 'customer', 'notes', 'logs'] as const;

/** The order page's search: the tab it shows; a name that is not one of them means the first. */
export const OrderPageSearch = v.object({ tab: v.fallback(v.optional(v.picklist(ORDER_TABS)), undefined) });
