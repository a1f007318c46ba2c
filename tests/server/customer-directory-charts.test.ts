import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, sendRow, type TestServer } from '../support/server';
import { expectError, json } from '../support/expect-http';
import { png } from '../support/images';
import { inputOf, type ChartSnapshot } from '@/api/contract/chart-snapshot';
import { UserDocumentResponse, UserDocumentsResponse } from '@/api/contract/customer-documents';
import { BankRecipientsResponse, HomeRecipientsResponse } from '@/api/contract/customer-detail';
import { ALL_PERMISSIONS } from '@/domain/permissions';
import { DocumentRefused } from '@/domain/documents';
import { restoredChart } from '@/machines/lifecycle/restore';
import { offered, rowFor, type AnyLifecycle, type AnyRow } from '@/machines/lifecycle/table';
import { userDocument, userDocuments } from '@/machines/customer/document.machine';
import { bankRecipient, homeRecipient } from '@/machines/customer/recipient.machine';

/**
 * Issue 25 §1 (part F) through the reference server: the documents' and the recipients' reads
 * carry each chart's snapshot as the mover restores it, and what the snapshot offers is what the
 * mover allows: an action the snapshot does not offer is refused (409) and changes nothing; one it
 * offers works, and the next read's snapshot shows the new state.
 */

let server: TestServer;
let token: string;
let admin: number;
let customer: number;
const k = () => server.db.kysely;

beforeAll(async () => {
  server = await createTestServer();
  token = (await server.signIn('admin')).access_token;
  admin = (await k().selectFrom('accounts').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
  customer = (await k().selectFrom('accounts').select('id').where('is_staff', '=', 0).orderBy('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => server.close());

const send = (row: AnyRow, subject: unknown, payload?: unknown) => sendRow(server, row, subject, payload, token, { accountId: admin });

/** The events of a chart's rows the page, restoring it from a snapshot, offers the admin. */
function offeredBy(charts: readonly ChartSnapshot[] | undefined, lifecycle: AnyLifecycle): string[] {
  const snapshot = restoredChart(lifecycle.machine, { ...inputOf(charts, lifecycle.name), permissions: [...ALL_PERMISSIONS] });
  return lifecycle.rows.filter((row) => offered(row, snapshot)).map((row) => row.event);
}

const documentsRead = async () => (await json(UserDocumentsResponse, await server.get(`/users/secured/documents/list?accountId=${customer}`, token))).data;
/** What any action on the customer's documents writes: its action logs and transitions. */
const trail = async () => ({
  logs: (await k().selectFrom('action_logs').select('id').where('doc_code', '=', 'CUSTOM').where('doc_id', '=', String(customer)).execute()).length,
  transitions: (await k().selectFrom('transitions').select('id').where('doc_code', '=', 'CUSTOM').where('doc_id', '=', String(customer)).execute()).length,
});

describe("the documents' read carries their charts", () => {
  it("each document's snapshot is its stored state, and the list's is open to a new one", async () => {
    const read = await documentsRead();
    expect(read.elements.length).toBeGreaterThan(0);
    for (const d of read.elements) {
      expect(d.charts).toEqual([{ chart: userDocument.name, state: d.status, facts: {} }]);
    }
    expect(read.charts).toEqual([{ chart: userDocuments.name, state: 'open', facts: {} }]);
    expect(offeredBy(read.charts, userDocuments)).toEqual(['documents.add']);
    expect(offeredBy(undefined, userDocuments)).toEqual([]);
  });

  it('what the snapshot offers is what the mover allows: a pending document is reviewed once', async () => {
    const { data: added } = await json(UserDocumentResponse, await send(rowFor(userDocuments.rows, 'documents.add')!, { accountId: customer }, { type: 'PASSPORT', file: png() }));
    const pending = (await documentsRead()).elements.find((d) => d.id === added.id)!;
    expect(offeredBy(pending.charts, userDocument).sort()).toEqual(['document.approve', 'document.delete', 'document.reject', 'document.update']);
    await json(UserDocumentResponse, await send(rowFor(userDocument.rows, 'document.approve')!, pending));

    const approved = (await documentsRead()).elements.find((d) => d.id === added.id)!;
    expect(approved.charts).toEqual([{ chart: userDocument.name, state: 'APPROVED', facts: {} }]);
    const offers = offeredBy(approved.charts, userDocument);
    expect(offers.sort()).toEqual(['document.delete', 'document.update']);
    // Not offered, and the mover refuses it with the chart's text, changing nothing.
    const before = await trail();
    for (const event of ['document.approve', 'document.reject']) {
      await expectError(await send(rowFor(userDocument.rows, event)!, approved), 409, 'conflict', DocumentRefused.notPending);
    }
    expect(await trail()).toEqual(before);
    expect((await k().selectFrom('user_documents').select('status').where('id', '=', added.id).executeTakeFirstOrThrow()).status).toBe('APPROVED');
  });
});

describe("the recipients' reads carry their charts", () => {
  it('each home and bank recipient restores saved, offering its edit', async () => {
    const home = (await json(HomeRecipientsResponse, await server.get(`/users/secured/list/remesaaddress?accountId=${customer}&page=0&size=50`, token))).data;
    const bank = (await json(BankRecipientsResponse, await server.get(`/orders/secured/list/remesarecipient?accountId=${customer}&page=0&size=50`, token))).data;
    expect(home.elements.length).toBeGreaterThan(0);
    expect(bank.elements.length).toBeGreaterThan(0);
    for (const r of home.elements) {
      expect(r.charts).toEqual([{ chart: homeRecipient.name, state: 'saved', facts: {} }]);
      expect(offeredBy(r.charts, homeRecipient)).toEqual(['recipient.update']);
    }
    for (const r of bank.elements) {
      expect(r.charts).toEqual([{ chart: bankRecipient.name, state: 'saved', facts: {} }]);
      expect(offeredBy(r.charts, bankRecipient)).toEqual(['recipient.update']);
    }
    // Without the server's snapshot nothing is offered.
    expect(offeredBy(undefined, homeRecipient)).toEqual([]);
    expect(offeredBy(undefined, bankRecipient)).toEqual([]);
  });
});
