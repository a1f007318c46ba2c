import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { badRequest, ok, parse } from '../http';
import { requireAnyPermission, requirePermission } from '../auth/middleware';
import { CustomersQuery, SearchAccountListQuery, SearchAccountQuery } from '@/api/contract/customers';
import { AccountIdQuery } from '@/api/contract/order-detail';
import { PhonesQuery } from '@/api/contract/customer-phones';
import { Msg } from '@/domain/messages';
import { Permission } from '@/domain/permissions';
import { searchAccount, searchAccountList, searchCustomers } from './customers';
import { accountData, accountSummary, totalClosedUsd } from './account-data';
import { listPhones } from './phones';
import { customerBlacklist, kycDecisionHistory, kycDecisionStatus } from './customer-tabs';
import { CustomerPageQuery, KycAccountQuery } from '@/api/contract/customer-detail';

/**
 * What staff read about customers: the customers search, the recover-clients lookups, and the
 * figures every document of a customer shows beside it (who they are, their other data and what
 * they bought), and their phones. A customer's actions are their action tables' routes.
 */
export function customerRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const db = deps.db.kysely;
  // The customer tab of the order, charge-order and call views reads these as well as the customer page.
  const customerTab = requireAnyPermission(Permission.VIEW_ORDERS, Permission.VIEW_CUSTOMERS);

  app.get('/uaa/secured/getAllAccount', requirePermission(Permission.VIEW_CUSTOMERS), async (c) => {
    return ok(c, await searchCustomers(deps.db, parse(CustomersQuery, c.req.query()), deps.clock.now()));
  });

  app.get('/uaa/secured/getSearchAccountList', requireAnyPermission(Permission.VIEW_CUSTOMERS, Permission.VIEW_RECOVER_CLIENTS), async (c) => {
    const { search } = parse(SearchAccountListQuery, c.req.query());
    const elements = await searchAccountList(deps.db, search);
    return ok(c, { size: elements.length, elements });
  });

  app.get('/uaa/secured/getSearchAccount', requirePermission(Permission.VIEW_RECOVER_CLIENTS), async (c) => {
    const query = parse(SearchAccountQuery, c.req.query());
    if (!query.email && !query.phone) throw badRequest(Msg.clientsNeedPhoneOrEmail);
    return ok(c, await searchAccount(db, query));
  });

  app.get('/uaa/secured/other/data', customerTab, async (c) => ok(c, await accountSummary(db, parse(AccountIdQuery, c.req.query()).accountId)));
  app.get('/users/secured/other/data', customerTab, async (c) => {
    const fullPin = c.get('principal').permissions.has(Permission.SUPER_ACTION);
    return ok(c, await accountData(db, parse(AccountIdQuery, c.req.query()).accountId, fullPin));
  });
  app.get('/orders/secured/orders/totalClosed', customerTab, async (c) =>
    ok(c, { totalUsd: await totalClosedUsd(db, parse(AccountIdQuery, c.req.query()).accountId) }),
  );

  app.get('/users/secured/phoneNumbers', customerTab, async (c) => ok(c, { elements: await listPhones(db, parse(PhonesQuery, c.req.query()).accountId) }));

  // The customer page's tabs: whoever may see customers.
  const customerPage = requirePermission(Permission.VIEW_CUSTOMERS);
  app.get('/blacklist/secured/blackList', customerPage, async (c) => {
    const query = parse(CustomerPageQuery, c.req.query());
    return ok(c, await customerBlacklist(db, query.accountId, query));
  });
  app.get('/users/secured/kyc/decision-status', customerPage, async (c) => {
    const query = parse(KycAccountQuery, c.req.query());
    return ok(c, await kycDecisionStatus(db, query.accountId, query.companyId));
  });
  app.get('/users/secured/kyc/decision-history', customerPage, async (c) => {
    const query = parse(KycAccountQuery, c.req.query());
    return ok(c, await kycDecisionHistory(db, query.accountId, query.companyId));
  });

  return app;
}
