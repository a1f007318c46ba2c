import { expect, test, type APIRequestContext, type Locator } from './harness';
import { seriousViolations, signIn } from './support';
import { openOrder, valueOf } from './fixtures';
import { offeredLabels, persona } from '../support/chart-checks';
import { topupItem } from '../../src/machines/items/topup.machine';
import { topupClaim } from '../../src/machines/items/topup-claim.machine';
import { offerExpired } from '../../src/domain/topup';
import { productStatusLabel } from '../../src/domain/products';

/**
 * Top-up items in the browser. The panel's buttons are checked per status and persona against
 * the chart (read-only: the newest item of each case); the actions take an IMPOSSIBLE top-up
 * with tries for the reset, and a day of top-ups for the mass reset.
 */

const DAY = 86_400_000;
const BASIC = `Basic ${Buffer.from('crm-console:crm-console-secret').toString('base64')}`;

interface ItemRow {
  foiId: number;
  orderId: number;
  productType: string;
  productStatus: string;
  createdDate: string;
}
interface Offer {
  id: number;
  endDate: string | null;
}

/** Lookups go through the API as admin, whoever the test signs in as. */
async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/uaa/oauth/token', {
    headers: { authorization: BASIC },
    form: { grant_type: 'password', username: 'admin', password: 'demo1234', device_id: 'e2e-topup' },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function api<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok(), `${path}: ${response.status()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

const day = (ms: number) => new Date(ms).toLocaleDateString('en-CA', { timeZone: 'America/Toronto' });

/** Every top-up of the last 200 days, newest first. */
async function topups(request: APIRequestContext, token: string): Promise<ItemRow[]> {
  const all: ItemRow[] = [];
  const startDate = day(Date.now() - 200 * DAY);
  for (let page = 0; ; page++) {
    const data = await api<{ elements: ItemRow[]; totalElements: number }>(request, token, `/rorders/secured/items/allHistory?startDate=${startDate}&size=100&page=${page}`);
    all.push(...data.elements);
    if ((page + 1) * 100 >= data.totalElements) break;
  }
  return all.filter((i) => i.productType === 'TOPUP' || i.productType === 'TOPUP_NAUTA');
}

const offerOf = async (request: APIRequestContext, token: string, item: ItemRow) =>
  (await api<{ elements: Offer[] }>(request, token, `/orders/secured/fo/list?orderId=${item.orderId}`)).elements.find((o) => o.id === item.foiId)!;
const claimsOf = async (request: APIRequestContext, token: string, item: ItemRow) =>
  (await api<{ elements: unknown[] }>(request, token, `/orders/secured/fo/topup/claims?foiid=${item.foiId}`)).elements.length;
/** The item's status and its order's, as the server has them now. */
async function statusesOf(request: APIRequestContext, token: string, item: ItemRow) {
  const status = (await api<{ elements: { id: number; status: string }[] }>(request, token, `/orders/secured/items/list?foId=${item.foiId}`)).elements.find((i) => i.id === item.foiId)!.status;
  const orderStatus = (await api<{ elements: { status: string }[] }>(request, token, `/orders/secured/orders/allHistory?orderId=${item.orderId}`)).elements[0]!.status;
  return { status, orderStatus };
}

/** The buttons of a top-up's group: its table's rows, then the claims' (the panel knows the claims). */
function topupButtons(username: string, input: { status: string; orderStatus: string; offerExpired: boolean }, claims: number): string[] {
  const permissions = persona(username);
  return [...offeredLabels(topupItem, { ...input, permissions }), ...offeredLabels(topupClaim, { claims, itemStatus: input.status, permissions })];
}

const triesOf = async (request: APIRequestContext, token: string, item: ItemRow) =>
  (await api<{ elements: { id: number; tries: number }[] }>(request, token, `/orders/secured/items/list?foId=${item.foiId}`)).elements.find((i) => i.id === item.foiId)!.tries;

interface Case {
  name: string;
  item: ItemRow;
  expired: boolean;
  claims: number;
}

/** The newest top-up of each case the panel distinguishes (status, offer running or expired, claims). */
async function readCases(request: APIRequestContext, token: string, all: ItemRow[]): Promise<Case[]> {
  const cases: Case[] = [];
  const now = Date.now();
  const first = async (name: string, status: string, where: (offer: () => Promise<Offer>, claims: () => Promise<number>) => Promise<boolean> = async () => true) => {
    for (const item of all.filter((i) => i.productStatus === status)) {
      let offer: Promise<Offer> | null = null;
      let claims: Promise<number> | null = null;
      const offerNow = () => (offer ??= offerOf(request, token, item));
      const claimsNow = () => (claims ??= claimsOf(request, token, item));
      if (await where(offerNow, claimsNow)) {
        cases.push({ name, item, expired: offerExpired((await offerNow()).endDate, now), claims: await claimsNow() });
        return;
      }
    }
    throw new Error(`No top-up for the case ${name}`);
  };
  for (const status of ['OPEN', 'PRE_ORDER', 'PENDING', 'ERROR', 'IMPOSSIBLE', 'REFUND', 'CANCELLED']) await first(status, status);
  await first('MULTIPLE, offer expired', 'MULTIPLE', async (offer) => offerExpired((await offer()).endDate, now));
  await first('MULTIPLE, offer running', 'MULTIPLE', async (offer) => !offerExpired((await offer()).endDate, now));
  await first('FULFILLED, no claim', 'FULFILLED', async (_offer, claims) => (await claims()) === 0);
  await first('FULFILLED, claimed twice', 'FULFILLED', async (_offer, claims) => (await claims()) === 2);
  return cases;
}

/** The IMPOSSIBLE top-up the reset takes: the newest with tries, none of the read cases. */
async function resetCase(request: APIRequestContext, token: string, all: ItemRow[], read: Case[]): Promise<ItemRow> {
  const taken = new Set(read.map((c) => c.item.foiId));
  for (const item of all.filter((i) => i.productStatus === 'IMPOSSIBLE' && !taken.has(i.foiId))) {
    if ((await triesOf(request, token, item)) > 0) return item;
  }
  throw new Error('No IMPOSSIBLE top-up with tries');
}

/** The top-up's panel once its claims are known (the claim chart decides "Reclamar"). */
async function topupPanel(panel: Locator, id: number): Promise<Locator> {
  const region = panel.getByRole('region', { name: `Recarga ${id}`, exact: true });
  await expect(valueOf(region, 'Reclamos')).not.toHaveText('—');
  return region;
}

test.describe('the top-up panel offers exactly the actions its chart allows the persona, in every status', () => {
  for (const username of ['operaciones', 'entregas', 'lector']) {
    test(username, async ({ page, request }) => {
      const token = await adminToken(request);
      const cases = await readCases(request, token, await topups(request, token));
      await signIn(page, username);
      for (const { name, item, expired, claims } of cases) {
        const { status, orderStatus } = await statusesOf(request, token, item);
        const region = await topupPanel(await openOrder(page, item.orderId), item.foiId);
        await expect(valueOf(region, 'Estado')).toHaveText(productStatusLabel(item.productType, status));
        const expected = topupButtons(username, { status, orderStatus, offerExpired: expired }, claims);
        const group = region.getByRole('group', { name: `Acciones de la recarga ${item.foiId}` });
        if (expected.length === 0) await expect(group, name).toHaveCount(0);
        else await expect(group.getByRole('button'), name).toHaveText(expected);
        if (status === 'MULTIPLE' || status === 'IMPOSSIBLE') {
          await expect(region.getByText('ATENCIÓN: La oferta ya expiró'), name).toHaveCount(expired ? 1 : 0);
        }
        if (username === 'lector') await expect(page.locator('[data-mutating]')).toHaveCount(0);
      }
    });
  }
});

test('the destination form says what is missing: "destino requerido!"; the panel passes axe', async ({ page, request }) => {
  const token = await adminToken(request);
  const all = await topups(request, token);
  const read = await readCases(request, token, all);
  const open = read.find((c) => c.name === 'OPEN')!.item;
  await signIn(page, 'operaciones');
  const region = await topupPanel(await openOrder(page, open.orderId), open.foiId);
  await expect(region.getByRole('table', { name: `Trazas de la recarga ${open.foiId}` }).or(region.getByText('No se encontró ningún registro.').first())).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await region.getByRole('button', { name: 'Cambiar destino' }).click();
  const edit = page.getByRole('dialog', { name: `Cambiar destino de la recarga ${open.foiId}` });
  await edit.getByLabel('Destino').fill('');
  await edit.getByRole('button', { name: 'Aceptar' }).click();
  await expect(edit.getByRole('alert')).toHaveText('destino requerido!');
  expect(await seriousViolations(page)).toEqual([]);
  await edit.getByRole('button', { name: 'Cancelar' }).click();
  await expect(edit).toBeHidden();
});

test('operaciones resets the tries of an IMPOSSIBLE top-up: tries 0, OPEN and the transition, without reloading', async ({ page, request }) => {
  const token = await adminToken(request);
  const all = await topups(request, token);
  const item = await resetCase(request, token, all, await readCases(request, token, all));
  const expired = offerExpired((await offerOf(request, token, item)).endDate, Date.now());
  await signIn(page, 'operaciones', { open: null });
  const panel = await openOrder(page, item.orderId);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 5));
  const region = await topupPanel(panel, item.foiId);
  await expect(valueOf(region, 'Estado')).toHaveText('Imposible');
  await expect(valueOf(region, 'Intentos')).not.toHaveText('0');

  await region.getByRole('button', { name: 'Reiniciar intentos' }).click();
  const dialog = page.getByRole('dialog', { name: `Reiniciar intentos de la recarga ${item.foiId}` });
  await expect(dialog.getByText('ATENCIÓN: La oferta ya expiró')).toHaveCount(expired ? 1 : 0);
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await page.getByRole('alertdialog', { name: 'Estas seguro?' }).getByRole('button', { name: 'Si, continuar!' }).click();
  const done = page.getByRole('dialog', { name: 'Listo!' });
  await expect(done).toContainText('Intentos reiniciados. La recarga quedó en Abierta.');
  await done.getByRole('button', { name: 'OK' }).click();

  await expect(valueOf(region, 'Estado')).toHaveText('Abierta');
  await expect(valueOf(region, 'Intentos')).toHaveText('0');
  await expect(region.getByRole('group', { name: `Acciones de la recarga ${item.foiId}` }).getByRole('button')).toHaveText(['Cambiar destino', 'Recargar ahora', 'Cambiar estado']);
  await panel.getByRole('tab', { name: 'Logs', exact: true }).click();
  const moves = panel.getByRole('table', { name: 'Transiciones de items' });
  const move = moves.getByRole('row').filter({ hasText: 'item.resetTries' }).filter({ hasText: String(item.foiId) });
  for (const cell of ['topupItem', 'IMPOSSIBLE', 'OPEN', 'operaciones@consola.example']) await expect(move.getByRole('cell', { name: cell, exact: true })).toHaveCount(1);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(5);
});

test('operaciones resets the attempts of every top-up of a day at once, and is told how many', async ({ page, request }) => {
  const token = await adminToken(request);
  const all = await topups(request, token);
  const read = await readCases(request, token, all);
  const reset = await resetCase(request, token, all, read);
  // A day with an IMPOSSIBLE top-up and none of the other tests' items.
  const busy = new Set([...read.map((c) => c.item), reset].map((i) => day(Date.parse(i.createdDate))));
  const target = [...all].reverse().find((i) => i.productStatus === 'IMPOSSIBLE' && !busy.has(day(Date.parse(i.createdDate))))!;
  const date = day(Date.parse(target.createdDate));
  let expected = 0;
  for (const item of all.filter((i) => day(Date.parse(i.createdDate)) === date)) {
    if (item.productStatus === 'IMPOSSIBLE') expected++;
    if (item.productStatus === 'MULTIPLE' && offerExpired((await offerOf(request, token, item)).endDate, Date.now())) expected++;
  }

  await signIn(page, 'operaciones', { open: null });
  await openOrder(page, target.orderId);
  await page.getByRole('button', { name: 'Reinicio masivo de intentos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reinicio masivo de intentos' });
  await dialog.getByLabel('Desde').fill(date);
  await dialog.getByLabel('Hasta').fill(date);
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await page.getByRole('alertdialog', { name: 'Estas seguro?' }).getByRole('button', { name: 'Si, continuar!' }).click();
  const done = page.getByRole('dialog', { name: 'Listo!' });
  await expect(done).toContainText(expected === 1 ? 'Se reiniciaron los intentos de 1 recarga.' : `Se reiniciaron los intentos de ${expected} recargas.`);
  await done.getByRole('button', { name: 'OK' }).click();
  const after = (await api<{ elements: ItemRow[] }>(request, token, `/rorders/secured/items/allHistory?foiId=${target.foiId}`)).elements[0]!;
  expect(after.productStatus).toBe('OPEN');
  expect(await triesOf(request, token, target)).toBe(0);
});
