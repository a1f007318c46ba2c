import type { Lifecycle } from '@/machines/lifecycle/table';
import { listEntryMachine, type EntrySubject } from './list-entry';
import { blacklistEntryActions } from './blacklist-entry.actions';
import { recipientEntryActions } from './recipient-entry.actions';

/** A value of the general blacklist (Settings › Lista Negra). */
export const blacklistEntryMachine = listEntryMachine('blacklistEntry', blacklistEntryActions);
export const blacklistEntry: Lifecycle<typeof blacklistEntryMachine, EntrySubject> = {
  name: 'blacklistEntry',
  machine: blacklistEntryMachine,
  rows: blacklistEntryActions,
};

/** A value of the recipient blacklist (Settings › Lista Negra Destinatarios). */
export const recipientEntryMachine = listEntryMachine('recipientEntry', recipientEntryActions);
export const recipientEntry: Lifecycle<typeof recipientEntryMachine, EntrySubject> = {
  name: 'recipientEntry',
  machine: recipientEntryMachine,
  rows: recipientEntryActions,
};
