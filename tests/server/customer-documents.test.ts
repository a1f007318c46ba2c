import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, sendRow, type TestServer } from '../support/server';
import { expectError, json } from '../support/expect-http';
import { png } from '../support/images';
import { firstMomentsOf } from '../support/first-moments';
import { UserDocumentResponse, UserDocumentsResponse } from '@/api/contract/customer-documents';
import { DocumentMsg, DocumentRefused } from '@/domain/documents';
import { Msg } from '@/domain/messages';
import { Permission } from '@/domain/permissions';
import { rowFor, type AnyRow } from '@/machines/lifecycle/table';
import { userDocument, userDocuments } from '@/machines/customer/document.machine';

/**
 * A customer's identity documents through the reference server: the list and the photos, adding
 * one (multipart, a real image kept), reviewing, replacing and deleting through the document's
 * chart, with permissions, validation, the log and the attacks on them.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const accountOf: Record<string, number> = {};
const k = () => server.db.kysely;
let customer: number;

beforeAll(async () => {
  server = await createTestServer();
  await server.signInAll(['admin', 'soporte', 'fraude', 'lector', 'operaciones'], { tokens, accountOf });
  customer = (await k().selectFrom('accounts').select('id').where('is_staff', '=', 0).orderBy('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => server.close());

const ADD = rowFor(userDocuments.rows, 'documents.add')!;
const APPROVE = rowFor(userDocument.rows, 'document.approve')!;
const REJECT = rowFor(userDocument.rows, 'document.reject')!;
const UPDATE = rowFor(userDocument.rows, 'document.update')!;
const DELETE = rowFor(userDocument.rows, 'document.delete')!;
const send = (row: AnyRow, subject: unknown, payload: unknown, persona = 'soporte') => sendRow(server, row, subject, payload, tokens[persona]!, { accountId: accountOf[persona]! });

async function added(type = 'PASSPORT') {
  const { data } = await json(UserDocumentResponse, await send(ADD, { accountId: customer }, { type, file: png() }));
  return data;
}

describe('GET /users/secured/documents/list and the photos', () => {
  it("lists the customer's documents newest first, each photo served to staff", async () => {
    const { data } = await json(UserDocumentsResponse, await server.get(`/users/secured/documents/list?accountId=${customer}`, tokens.lector));
    expect(new Set(data.elements.map((d) => d.status))).toEqual(new Set(['PENDING', 'APPROVED', 'REJECTED']));
    expect(data.elements.map((d) => d.id)).toEqual([...data.elements.map((d) => d.id)].sort((a, b) => b - a));
    const image = await server.get(data.elements[0]!.url, tokens.lector);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it('needs CRM2_VIEW_CUSTOMERS; an unknown photo is not found', async () => {
    await expectError(await server.get(`/users/secured/documents/list?accountId=${customer}`, tokens.operaciones), 403, 'access_denied', Msg.missingPermission(Permission.VIEW_CUSTOMERS));
    await expectError(await server.get('/users/secured/documents/file?id=0b6f2a52-8c1e-4a55-9a43-5f0f3f0e6d11', tokens.admin), 404, 'not_found', 'El archivo no existe.');
    await expectError(await server.get('/users/secured/documents/file?id=../../etc/passwd', tokens.admin), 400, 'invalid_request', 'El archivo no existe.');
  });
});

describe('POST /users/secured/documents/add', () => {
  it('adds a PENDING document with its photo kept, and logs it', async () => {
    const doc = await added('DRIVING_LICENSE');
    expect(doc).toMatchObject({ accountId: customer, type: 'DRIVING_LICENSE', status: 'PENDING', createdBy: expect.stringContaining('soporte') });
    const image = await server.get(doc.url, tokens.lector);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(Buffer.from(await png().arrayBuffer()));
    const log = await k().selectFrom('action_logs').selectAll().where('doc_code', '=', 'CUSTOM').where('doc_id', '=', String(customer)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log.action).toBe('userDocuments.documents.add');
    expect(JSON.parse(log.input!)).toEqual({ document: { before: null, after: doc.id }, type: { before: null, after: 'DRIVING_LICENSE' } });
    // Its history starts with its first moment (issue 40 §4).
    expect(await firstMomentsOf(k(), [userDocument.name], doc.id)).toEqual([[userDocument.name, '', 'created', 'PENDING']]);
  });

  it("validates with the spec's words and changes nothing", async () => {
    const before = await k().selectFrom('user_documents').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    await expectError(await send(ADD, { accountId: customer }, { type: 'PASSPORT', file: undefined }), 400, 'invalid_request', DocumentMsg.photoRequired);
    await expectError(await send(ADD, { accountId: customer }, { type: 'CARNET', file: png() }), 400, 'invalid_request', DocumentMsg.typeRequired);
    await expectError(await send(ADD, { accountId: customer }, { type: 'PASSPORT', file: new File([Buffer.from('not an image')], 'x.png', { type: 'image/png' }) }), 400, 'invalid_request');
    await expectError(await send(ADD, { accountId: 99999999 }, { type: 'PASSPORT', file: png() }), 404, 'not_found', 'No se encontró el usuario 99999999.');
    const after = await k().selectFrom('user_documents').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('needs the editor flag and CRM7_DO_ACTION: a reader gets 403 and nothing is added', async () => {
    const before = await k().selectFrom('user_documents').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    await expectError(await send(ADD, { accountId: customer }, { type: 'PASSPORT', file: png() }, 'lector'), 403, 'access_denied');
    await expectError(await send(ADD, { accountId: customer }, { type: 'PASSPORT', file: png() }, 'operaciones'), 403, 'access_denied');
    const after = await k().selectFrom('user_documents').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});

describe("the document's review, edit and deletion", () => {
  it('approves a pending document once: who and when are kept; a second approval is refused', async () => {
    const doc = await added();
    const { data } = await json(UserDocumentResponse, await send(APPROVE, doc, undefined, 'admin'));
    expect(data).toMatchObject({ status: 'APPROVED', modifiedBy: expect.stringContaining('admin') });
    expect(Date.parse(data.modifiedDate!)).toBeGreaterThan(0);
    await expectError(await send(APPROVE, doc, undefined), 409, 'conflict', DocumentRefused.notPending);
    await expectError(await send(REJECT, doc, undefined), 409, 'conflict', DocumentRefused.notPending);
  });

  it('a new type or photo sends a reviewed document back to PENDING; the log holds only what changed', async () => {
    const doc = await added('PASSPORT');
    await json(UserDocumentResponse, await send(REJECT, doc, undefined));
    const { data } = await json(UserDocumentResponse, await send(UPDATE, doc, { type: 'IDENTITY_DOCUMENT', file: png() }));
    expect(data).toMatchObject({ status: 'PENDING', type: 'IDENTITY_DOCUMENT' });
    expect(data.url).not.toBe(doc.url);
    const log = await k().selectFrom('action_logs').selectAll().where('action', '=', 'userDocument.document.update').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(Object.keys(JSON.parse(log.input!)).sort()).toEqual(['photo', 'status', 'type']);
  });

  it('deletes a document: it leaves the list and its photo; a deleted one refuses everything', async () => {
    const doc = await added();
    await json(UserDocumentResponse, await send(DELETE, doc, undefined));
    const { data } = await json(UserDocumentsResponse, await server.get(`/users/secured/documents/list?accountId=${customer}`, tokens.soporte));
    expect(data.elements.some((d) => d.id === doc.id)).toBe(false);
    expect((await server.get(doc.url, tokens.soporte)).status).toBe(404);
    await expectError(await send(DELETE, doc, undefined), 409, 'conflict', DocumentRefused.deleted);
    await expectError(await send(UPDATE, doc, { type: 'PASSPORT' }), 409, 'conflict', DocumentRefused.deleted);
  });

  it("refuses a document named with another customer's id: 404, nothing changed", async () => {
    const doc = await added();
    await expectError(await send(APPROVE, { ...doc, accountId: customer + 1 }, undefined), 404, 'not_found', `No se encontró el documento ${doc.id}.`);
    expect((await k().selectFrom('user_documents').select('status').where('id', '=', doc.id).executeTakeFirstOrThrow()).status).toBe('PENDING');
  });

  it('two approvals at once approve once: one 200, one 409, one log row', async () => {
    const doc = await added();
    const answers = await Promise.all([send(APPROVE, doc, undefined), send(APPROVE, doc, undefined, 'admin')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const logs = await k().selectFrom('action_logs').select('id').where('action', '=', 'userDocument.document.approve').where('description', 'like', `%${doc.id}`).execute();
    expect(logs).toHaveLength(1);
  });
});
