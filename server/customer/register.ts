import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { bind, bodyOf, type Store } from '../lifecycle/binding';
import { taken } from '../refusals';
import { iso } from '../clock';
import { recordMutation } from '../lifecycle/audit';
import { recordCreated } from '../lifecycle/first-moments';
import { hashPassword } from '../auth/passwords';
import type { RegisterBody, Registered } from '@/api/contract/customer-register';
import { RegisterMsg } from '@/domain/registration';
import { customerRegistry } from '@/machines/customer/register.machine';

/**
 * 'Crear Nuevo Cliente' (POST /uaa/secured/register/completed): a new customer with the username
 * the console joined (prefix and phone), that number as their principal one, a random password
 * nobody knows and a mail (through the outbox) to choose their own. A customer's e-mail and
 * username are theirs alone (409). The registry itself never moves: the handler logs on the new
 * customer's document.
 */

/** The charts of a customer as a whole (each keyed by the account): a registered customer's first moments, and the seed's. */
export const CUSTOMER_CHARTS = ['customerPhones', 'customerCredit', 'creditTransfer', 'customerNotify', 'customerAccount', 'accountSettings', 'customerAccess', 'customerFraud', 'customerCampaigns', 'customerCourtesy', 'customerReports', 'addedCards', 'userDocuments'] as const;

type Registry = { id: 0 };
const registryStore: Store<Registry, unknown> = {
  docCode: 'CUSTOM',
  docId: () => '0',
  idOf: () => 0,
  find: async () => [{ id: 0 }],
  input: async () => ({ status: 'open' }),
  save: async () => {},
};

export const customerRegistryBinding = bind<Registry, unknown>({
  lifecycle: customerRegistry,
  store: registryStore,
  handlers: {
    register: {
      // Hashing is slow on purpose: done before the transaction.
      prepare: async () => hashPassword(randomBytes(24).toString('base64url')),
      async perform({ trx, ctx, request, prepared }) {
        const body = bodyOf<RegisterBody>(request);
        if (await trx.selectFrom('accounts').select('id').where(sql`lower(email)`, '=', body.email).executeTakeFirst()) throw taken(RegisterMsg.emailTaken(body.email));
        if (await trx.selectFrom('accounts').select('id').where('username', '=', body.username).executeTakeFirst()) throw taken(RegisterMsg.usernameTaken(body.username));
        const country = await trx.selectFrom('countries').select(['code', 'prefix']).where(sql<boolean>`${body.username} LIKE prefix || '%'`).orderBy(sql`length(prefix)`, 'desc').orderBy('priority').executeTakeFirst();
        const now = iso(ctx.now);
        const account = await trx
          .insertInto('accounts')
          .values({
            username: body.username,
            email: body.email,
            first_name: body.firstName ?? null,
            last_name: body.lastName ?? null,
            phone_number: `+${body.username}`,
            password_hash: prepared as string,
            enabled: 1,
            is_staff: 0,
            register_date: now,
            country_code: country?.code ?? null,
            reliability: 0,
            currency: 'USD',
            credit_currency: 'USD',
            registered_way: 'CRM',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx.insertInto('user_numbers').values({ account_id: account.id, phone_number: body.username, country: country?.code ?? '', is_principal: 1, is_verified: 0, verify_attempts: 0, created: now, version: 0 }).execute();
        // The new customer's first moments (issue 40 §4): its charts as a whole, its notes, its number and that number's listing.
        await recordCreated({ trx, ctx, key: { accountId: account.id } }, CUSTOMER_CHARTS);
        await recordCreated({ trx, ctx, key: { docCode: 'CUSTOM', docId: account.id } }, ['docActivity']);
        await recordCreated({ trx, ctx, key: { accountId: account.id, phoneNumber: body.username } }, ['phone']);
        await recordCreated({ trx, ctx, key: { accountId: account.id, kind: 'PHONE', value: body.username } }, ['customerBlacklist']);
        await trx
          .insertInto('outbox_messages')
          .values({ channel: 'EMAIL', address: body.email, subject: 'Bienvenido', body: 'Se creó su cuenta. Elija su contraseña desde "¿Olvidó su contraseña?" en la aplicación.', doc_code: 'CUSTOM', doc_id: String(account.id), created: now })
          .execute();
        await recordMutation(trx, ctx.principal, { docCode: 'CUSTOM', docId: String(account.id), action: 'customerRegistry.customers.register', description: `Cliente creado en la consola: ${body.email} (${body.username})`, before: { account: null }, after: { account: account.id, email: body.email, username: body.username } }, ctx.now);
        const data: Registered = { accountId: account.id, username: body.username, email: body.email };
        return { description: '', stay: true, data };
      },
    },
  },
  describe: (row) => row.label,
});
