import { call, type ServiceClient } from './http';
import { PhonesResponse } from './contract/customer-phones';

/** What the console reads about one customer (their actions are their action tables' rows). */

/** GET /users/secured/phoneNumbers: the customer's phones, the principal one first. */
export async function getPhones(users: ServiceClient, accountId: number) {
  return (await call(users, (k) => k.get('secured/phoneNumbers', { searchParams: { accountId: String(accountId) } }), PhonesResponse)).data.elements;
}
