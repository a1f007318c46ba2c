import { Msg } from '@/domain/messages';
import { setup } from 'xstate';
import { allowedBy, type Lifecycle } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import {
  documentActions,
  documentsActions,
  type DocumentContext,
  type DocumentEvent,
  type DocumentsContext,
  type DocumentsEvent,
  type DocumentsSubject,
  type DocumentSubject,
} from './document.actions';

/**
 * A customer's identity document (spec details §3 "User document"): PENDING until reviewed,
 * then APPROVED or REJECTED. A new type or photo needs a new review (back to PENDING); a deleted
 * document is gone for good. Who reviewed and when is kept on the document and in its log.
 */

export const DOCUMENT_STATES = ['PENDING', 'APPROVED', 'REJECTED', 'DELETED'] as const;

const edits = {
  'document.update': { guard: 'allowed', target: 'PENDING' },
  'document.delete': { guard: 'allowed', target: 'DELETED' },
} as const;

export const documentMachine = setup({
  types: { context: {} as DocumentContext, events: {} as DocumentEvent, input: {} as DocumentContext },
  guards: { allowed: allowedBy(documentActions) },
}).createMachine({
  id: 'document',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: restoreStatus(DOCUMENT_STATES),
    PENDING: {
      on: {
        'document.approve': { guard: 'allowed', target: 'APPROVED' },
        'document.reject': { guard: 'allowed', target: 'REJECTED' },
        ...edits,
      },
    },
    APPROVED: { on: edits },
    REJECTED: { on: edits },
    DELETED: { type: 'final' },
  },
});

export const userDocument: Lifecycle<typeof documentMachine, DocumentSubject> = {
  name: 'userDocument',
  machine: documentMachine,
  rows: documentActions,
  networkFailure: Msg.networkFailure,
};

/** The customer's documents as a whole: always open to a new one. */
export const documentsMachine = setup({
  types: { context: {} as DocumentsContext, events: {} as DocumentsEvent, input: {} as DocumentsContext },
  guards: { allowed: allowedBy(documentsActions) },
}).createMachine({
  id: 'userDocuments',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: restoreStatus(['open'] as const),
    open: { on: { 'documents.add': { guard: 'allowed', target: 'open', reenter: true } } },
  },
});

export const userDocuments: Lifecycle<typeof documentsMachine, DocumentsSubject> = {
  name: 'userDocuments',
  machine: documentsMachine,
  rows: documentsActions,
  networkFailure: Msg.networkFailure,
};
