import { Permission } from './permissions';

/**
 * What the customer page shows beyond its charts' actions, each with the permissions its read
 * needs: the server's routes require these very lists, and the page asks `mayView` instead of
 * naming a permission itself (an action is its chart's to offer; a view is this table's).
 */
export const CUSTOMER_VIEWS = {
  /** The Logs tab's popup of attempts to add a card (spec details §6: the agents'). */
  addedCardAttempts: [Permission.VIEW_CUSTOMERS, Permission.AGENT],
  /** The LLamadas tab: the calls list's read. */
  calls: [Permission.VIEW_CALLS],
  /** The link to the customer site's impersonation page (ROLE_IMPERSONATOR). */
  impersonation: [Permission.IMPERSONATOR],
} as const;

export type CustomerView = keyof typeof CUSTOMER_VIEWS;

/** Whether someone holding `permissions` sees a view of the customer page. */
export const mayView = (view: CustomerView, permissions: readonly string[]) => CUSTOMER_VIEWS[view].every((p) => permissions.includes(p));
