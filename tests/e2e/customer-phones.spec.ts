import { expect, test, type Page } from './harness';
import { seriousViolations, signIn } from './support';
import { markPage, openOrder, pageMarker, withDb } from './fixtures';

/**
 * A customer's phones where staff meet the customer (the order's Cliente Detalles): each phone
 * with the actions its table offers now. The customer is the one of the oldest CLOSED order whose
 * customer added a second number.
 */

interface Customer {
  orderId: number;
  accountId: number;
  principal: string;
  second: string;
}

function prepareCustomer(): Customer {
  return withDb((db) => {
    const row = db
      .prepare(
        `SELECT o.id AS orderId, o.account_id AS accountId, p.phone_number AS principal, s.phone_number AS second
         FROM orders o
         JOIN user_numbers p ON p.account_id = o.account_id AND p.is_principal = 1
         JOIN user_numbers s ON s.account_id = o.account_id AND s.is_principal = 0
         WHERE o.status = 'CLOSED' ORDER BY o.id ASC LIMIT 1`,
      )
      .get() as Customer;
    db.prepare('UPDATE user_numbers SET is_verified = 1, verify_attempts = 0 WHERE account_id = ? AND phone_number = ?').run(row.accountId, row.principal);
    db.prepare('UPDATE user_numbers SET is_verified = 0, verify_attempts = 3 WHERE account_id = ? AND phone_number = ?').run(row.accountId, row.second);
    return row;
  });
}

async function openPhones(page: Page, customer: Customer) {
  const order = await openOrder(page, customer.orderId);
  await order.getByRole('tab', { name: 'Cliente Detalles' }).click();
  const table = order.getByRole('table', { name: `Teléfonos del cliente ${customer.accountId}` });
  await expect(table).toBeVisible();
  return table;
}

const rowOf = (table: ReturnType<Page['getByRole']>, phone: string) => table.getByRole('row').filter({ hasText: `+${phone}` });

test('a reader sees the phones and no action on them', async ({ page }) => {
  const customer = prepareCustomer();
  await signIn(page, 'lector', { open: null });
  const table = await openPhones(page, customer);
  await expect(rowOf(table, customer.second).getByRole('cell').nth(5)).toHaveText('3');
  await expect(table.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Agregar teléfono' })).toHaveCount(0);
});

test('soporte gives a phone its verification attempts back from the order, without a reload', async ({ page }) => {
  const customer = prepareCustomer();
  await signIn(page, 'soporte', { open: null });
  const table = await openPhones(page, customer);
  await markPage(page, 11);
  // The principal number is first; with no attempts used it offers no reset (only its blacklisting, a phone action).
  await expect(table.getByRole('row').nth(1)).toContainText(`+${customer.principal}`);
  await expect(rowOf(table, customer.principal).getByRole('button', { name: `Agregar a lista negra +${customer.principal}` })).toBeVisible();
  await expect(rowOf(table, customer.principal).getByRole('button', { name: `Reiniciar intentos +${customer.principal}` })).toHaveCount(0);
  const second = rowOf(table, customer.second);
  await expect(second.getByRole('cell').nth(5)).toHaveText('3');
  expect(await seriousViolations(page)).toEqual([]);

  await second.getByRole('button', { name: `Reiniciar intentos +${customer.second}` }).click();
  const question = page.getByRole('alertdialog', { name: 'Estas seguro?' });
  await expect(question).toContainText(`¿Reiniciar los intentos de verificación del teléfono +${customer.second} del cliente ${customer.accountId}?`);
  await question.getByRole('button', { name: 'Si, continuar!' }).click();
  const done = page.getByRole('dialog', { name: 'Listo!' });
  await expect(done).toContainText(`Los intentos de verificación del teléfono +${customer.second} volvieron a 0.`);
  await done.getByRole('button', { name: 'OK' }).click();

  await expect(second.getByRole('cell').nth(5)).toHaveText('0');
  await expect(second.getByRole('button', { name: `Reiniciar intentos +${customer.second}` })).toHaveCount(0);
  expect(await pageMarker(page)).toBe(11);
});

test('soporte verifies an unverified phone: the row says so and offers nothing more', async ({ page }) => {
  const customer = prepareCustomer();
  await signIn(page, 'soporte', { open: null });
  const table = await openPhones(page, customer);
  const second = rowOf(table, customer.second);
  await expect(second.getByRole('cell').nth(3)).toHaveText('No');

  await second.getByRole('button', { name: `Verificar +${customer.second}` }).click();
  const question = page.getByRole('alertdialog', { name: 'Estas seguro?' });
  await expect(question).toContainText(`¿Verificar el teléfono +${customer.second} del cliente ${customer.accountId}?`);
  await question.getByRole('button', { name: 'Si, continuar!' }).click();
  const done = page.getByRole('dialog', { name: 'Listo!' });
  await expect(done).toContainText(`El teléfono +${customer.second} quedó verificado.`);
  await done.getByRole('button', { name: 'OK' }).click();

  await expect(second.getByRole('cell').nth(3)).toHaveText('Sí');
  await expect(second.getByRole('cell').nth(5)).toHaveText('0');
  // Verified and not the principal: it may take the principal's place, or go (and, as every number, be blacklisted).
  await expect(second.getByRole('button')).toHaveText(['Hacer principal', 'Eliminar', 'Agregar a lista negra']);
});

test('soporte makes the second phone principal (the old one stops being it), then adds a number', async ({ page }) => {
  const customer = prepareCustomer();
  withDb((db) => db.prepare('UPDATE user_numbers SET is_verified = 1, verify_attempts = 0 WHERE account_id = ? AND phone_number = ?').run(customer.accountId, customer.second));
  await signIn(page, 'soporte', { open: null });
  const table = await openPhones(page, customer);
  await rowOf(table, customer.second).getByRole('button', { name: `Hacer principal +${customer.second}` }).click();
  const question = page.getByRole('alertdialog', { name: 'Estas seguro?' });
  await expect(question).toContainText(`¿Hacer principal el teléfono +${customer.second} del cliente ${customer.accountId}?`);
  await question.getByRole('button', { name: 'Si, continuar!' }).click();
  const done = page.getByRole('dialog', { name: 'Listo!' });
  await expect(done).toContainText(`El teléfono +${customer.second} es ahora el principal.`);
  await done.getByRole('button', { name: 'OK' }).click();
  // The new principal is listed first; the old one is an ordinary number now, and may be deleted.
  await expect(table.getByRole('row').nth(1)).toContainText(`+${customer.second}`);
  await expect(rowOf(table, customer.second).getByRole('cell').nth(2)).toHaveText('Sí');
  await expect(rowOf(table, customer.principal).getByRole('cell').nth(2)).toHaveText('No');
  await expect(rowOf(table, customer.principal).getByRole('button', { name: `Eliminar +${customer.principal}` })).toBeVisible();

  await page.getByRole('button', { name: 'Agregar teléfono' }).click();
  const form = page.getByRole('dialog', { name: 'Agregar teléfono' });
  await form.getByLabel('Prefijo').fill('53');
  await form.getByLabel('Teléfono').fill('55550199');
  await form.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Estas seguro?' })).toContainText(`¿Agregar el teléfono +5355550199 al cliente ${customer.accountId}?`);
  await question.getByRole('button', { name: 'Si, continuar!' }).click();
  await expect(done).toContainText('El teléfono +5355550199 fue agregado.');
  await done.getByRole('button', { name: 'OK' }).click();
  await expect(rowOf(table, '5355550199').getByRole('cell').nth(3)).toHaveText('No');
});
