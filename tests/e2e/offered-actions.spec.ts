import { expect, test, type Locator, type Page } from './harness';
import { signIn } from './support';
import { confirmAndFinish, withDb } from './fixtures';

/**
 * Issue 25: a page offers only what the server will do. Admin opens the first twelve customers;
 * what each action bar offers is checked against the customer's own rows in the database (read
 * here, not through the server's snapshot code): no KYC link for a verified customer, no sign-in
 * reset with nothing to reset, no contamination without saved cards, no transfer without a
 * balance. Then every offered action that needs no form is taken: none answers a 409, and a reset
 * done is no longer offered.
 */

interface Facts {
  id: number;
  verified: number;
  pin: number;
  attempts: number;
  cards: number;
  contaminated: number;
  balance: number;
  /** The customer the customer-page spec reads (its pin among others): left alone here. */
  shared: number;
}

/** The first twelve customers' facts, or one customer's, read from their rows. */
function customerFacts(id: number | null = null): Facts[] {
  const query = `WITH shared AS (
         SELECT a.id FROM accounts a JOIN account_settings s ON s.account_id = a.id
         WHERE a.is_staff = 0 AND a.email IS NOT NULL
           AND EXISTS (SELECT 1 FROM calls c WHERE c.account_id = a.id)
           AND EXISTS (SELECT 1 FROM user_credits u WHERE u.account_id = a.id)
           AND EXISTS (SELECT 1 FROM user_numbers n WHERE n.account_id = a.id AND n.is_principal = 0)
         ORDER BY a.id LIMIT 1)
       SELECT a.id,
         coalesce((SELECT k.status = 'approved' FROM kyc_decisions k WHERE k.account_id = a.id AND k.company_id = 4 ORDER BY k.created_date_time DESC, k.id DESC LIMIT 1), 0) AS verified,
         EXISTS (SELECT 1 FROM account_settings s WHERE s.account_id = a.id AND s.pin IS NOT NULL) AS pin,
         coalesce((SELECT sum(p.attempts) FROM pin_attempts p WHERE p.account_id = a.id), 0)
           + (SELECT count(*) FROM login_failures f WHERE f.subject_kind = 'account' AND f.subject = a.username) AS attempts,
         (SELECT count(*) FROM payment_methods m WHERE m.account_id = a.id) AS cards,
         EXISTS (SELECT 1 FROM payment_methods m JOIN blacklist_entries b ON b.type = 'CARD' AND b.value = m.unique_number_identifier WHERE m.account_id = a.id) AS contaminated,
         coalesce((SELECT sum(u.amount) FROM user_credits u WHERE u.account_id = a.id AND u.credit_type IN ('CALL_CREDIT', 'EUR_CREDIT', 'CAD_CREDIT', 'CUP_CREDIT')), 0) AS balance,
         a.id IN (SELECT id FROM shared) AS shared
       FROM accounts a WHERE a.is_staff = 0 AND (? IS NULL OR a.id = ?) ORDER BY a.id LIMIT 12`;
  return withDb((db) => db.prepare(query).all(id, id) as Facts[]);
}

const KYC = 'Generar enlace KYC';
const PASSWORDLESS = 'Restablecer inicio sin contraseña';
const ATTEMPTS = 'Restablecer intentos de inicio de sesión';
const CONTAMINATE = 'Contaminar por fraude';
const TRANSFER = 'Transferir crédito';
const NAMES = [KYC, PASSWORDLESS, ATTEMPTS, CONTAMINATE, TRANSFER];

/** What the bar must offer for a customer's facts. */
const expectedOf = (c: Facts) => ({
  [KYC]: !c.verified,
  [PASSWORDLESS]: Boolean(c.pin),
  [ATTEMPTS]: c.attempts > 0,
  [CONTAMINATE]: !c.contaminated && c.cards > 0,
  [TRANSFER]: c.balance > 0,
});

/** The customer's action bar, once the page has loaded it (every customer gets 'Agregar o quitar crédito' from admin). */
async function actionBar(page: Page, id: number) {
  await page.goto(`/#/admin/customer-page/${id}`);
  const bar = page.getByRole('group', { name: `Acciones del cliente ${id}` });
  await expect(bar.getByRole('button', { name: 'Agregar o quitar crédito' })).toBeVisible();
  return bar;
}

test('admin on the first customers is offered only what the server will do, and a reset done is not offered again', async ({ page }) => {
  const customers = customerFacts();
  expect(customers).toHaveLength(12);
  // Any refusal of a precondition the page would have let through.
  const conflicts: string[] = [];
  let taken = 0;
  page.on('response', (response) => {
    if (response.request().method() === 'POST' && response.status() === 409) conflicts.push(response.url());
  });
  await signIn(page, 'admin');
  // The data gives both answers somewhere among them, or the check below could not fail.
  expect(new Set(customers.map((c) => c.verified)).size + new Set(customers.map((c) => c.pin)).size).toBeGreaterThan(2);

  for (const { id } of customers) {
    // Other specs act on some of these customers meanwhile: the bar is compared with the facts read
    // just before and just after it was shown, again when they changed in between.
    let customer: Facts;
    let bar: Locator;
    for (let attempt = 1; ; attempt++) {
      const before = JSON.stringify(customerFacts(id));
      bar = await actionBar(page, id);
      // One read gives every chart of the bar: once one button is there, all are.
      const shown = await Promise.all(NAMES.map(async (name) => (await bar.getByRole('button', { name, exact: true }).count()) === 1));
      [customer] = customerFacts(id) as [Facts];
      if (JSON.stringify([customer]) !== before && attempt < 3) continue;
      expect(Object.fromEntries(NAMES.map((name, i) => [name, shown[i]])), `cliente ${id}`).toEqual(expectedOf(customer));
      break;
    }

    if (customer.shared) continue;
    // Every offered action without a form, taken: each succeeds; a reset is then no longer offered.
    if (!customer.verified) {
      await bar.getByRole('button', { name: KYC, exact: true }).click();
      await confirmAndFinish(page, 'Petición Exitosa!');
      taken += 1;
    }
    for (const [name, offered] of [[PASSWORDLESS, Boolean(customer.pin)], [ATTEMPTS, customer.attempts > 0]] as const) {
      if (!offered) continue;
      await bar.getByRole('button', { name, exact: true }).click();
      await confirmAndFinish(page, 'Listo!');
      taken += 1;
      await expect(bar.getByRole('button', { name, exact: true }), `${name} otra vez, cliente ${customer.id}`).toHaveCount(0);
    }
  }
  expect(taken, 'some offered action was taken').toBeGreaterThan(0);
  expect(conflicts).toEqual([]);
  // The resets held: none is offered any more on the customers it was taken on.
  const after = customerFacts().filter((c) => !c.shared);
  expect(after.filter((c) => c.pin || c.attempts > 0).map((c) => c.id)).toEqual([]);
});
