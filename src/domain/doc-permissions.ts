import type { DocCode } from './diff';
import { Permission } from './permissions';

/**
 * Who may read what was said and done about each kind of document (its notes, its action logs):
 * the view permission of that document. Writing a note needs it too, with the editor flag; a log
 * entry the console writes itself also CRM7_DO_ACTION (src/machines/activity/).
 */
export const DOC_PERMISSION: Record<DocCode, string> = {
  CUSTOM: Permission.VIEW_CUSTOMERS,
  CUSTOMER: Permission.VIEW_CUSTOMERS,
  ORDER: Permission.VIEW_ORDERS,
  UPG: Permission.VIEW_UPG,
  CALL: Permission.VIEW_CALLS,
  SETTING: Permission.SETTINGS,
};

/** The action log's code of each document a note is written on (the log calls a customer CUSTOM). */
export const NOTE_LOG_CODE = { ORDER: 'ORDER', CUSTOMER: 'CUSTOM', UPG: 'UPG' } as const satisfies Record<string, DocCode>;

/** A log entry's document as the logs store it (a customer is CUSTOM). */
export const loggedDocCode = (docCode: DocCode): DocCode => (docCode === 'CUSTOMER' ? 'CUSTOM' : docCode);
