import { DEFENCE_READERS } from '@/domain/reports';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { ok, parse, storedFile } from '../http';
import { malformed } from '../refusals';
import { requireAnyPermission, requireBearer, requirePermission, requireShown } from '../auth/middleware';
import { CustomersQuery, SearchAccountListQuery, SearchAccountQuery } from '@/api/contract/customers';
import { AccountIdQuery } from '@/api/contract/order-detail';
import { PhonesQuery } from '@/api/contract/customer-phones';
import { Msg } from '@/domain/messages';
import { Permission } from '@/domain/permissions';
import { CUSTOMER_VIEWS } from '@/domain/customer-views';
import { searchAccount, searchAccountList, searchCustomers } from './customers';
import { accountData, accountSummary, totalClosedUsd } from './account-data';
import { addedCardsCharts, bankRecipientCharts, campaignsCharts, cardCharts, customerCharts, documentCharts, documentsCharts, homeRecipientCharts, phoneCharts, phonesCharts } from './customer-charts';
import { readContext } from '../lifecycle/snapshot';
import { chargeOrderShows } from '../charge-order/shown';
import { callShows } from '../call/shown';
import { listPhones } from './phones';
import { listOffers } from './courtesy';
import { listTemplates } from './notify';
import { balanceReport, defenceReport } from './reports';
import { DefenceQuery, SaldoQuery } from '@/api/contract/customer-reports';
import { TemplatesQuery } from '@/api/contract/customer-notify';
import { OffersQuery } from '@/api/contract/customer-courtesy';
import { documentFile, DOCUMENT_FILE_PATH, listDocuments } from './documents';
import { customerBlacklist, kycDecisionHistory, kycDecisionStatus, segmentEvents, segmentTraits } from './customer-tabs';
import { addCardAttempts, bankRecipients, homeRecipients, paymentMethods, creditHistory, creditTransfers, customerCampaigns, passwordlessSignIns, passwordSignIns, paymentRequests, pinAttempts } from './customer-history';
import { CreditHistoryQuery, CustomerPageQuery, DirectoryQuery, IdSortedPageQuery, KycAccountQuery, PaymentMethodsQuery, SegmentEventsQuery } from '@/api/contract/customer-detail';
import type { Context } from 'hono';
import * as v from 'valibot';

const FileQuery = v.object({ id: v.pipe(v.optional(v.string(), ''), v.uuid('El archivo no existe.')) });

/** A customer table's read: the account and page from the query; the pin in full only for CRM2_SUPER_ACTION. */
function customerPageRead<TSchema extends v.GenericSchema<unknown, { accountId: number }>>(
  schema: TSchema,
  read: (accountId: number, query: v.InferOutput<TSchema>, fullPin: boolean) => Promise<unknown>,
) {
  return async (c: Context<AppEnv>) => {
    const query = parse(schema, c.req.query());
    return ok(c, await read(query.accountId, query, seesFullPin(c)));
  };
}

/** The pin is shown in full only to CRM2_SUPER_ACTION (spec details §6). */
const seesFullPin = (c: Context<AppEnv>) => c.get('principal').permissions.has(Permission.SUPER_ACTION);

/**
 * What staff read about customers: the customers search, the recover-clients lookups, and the
 * figures every document of a customer shows beside it (who they are, their other data and what
 * they bought), and their phones. A customer's actions are their action tables' routes.
 */
export function customerRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const db = deps.db.kysely;
  // The customer tab (Cliente Detalles) of the order, charge-order and call views reads these as well
  // as the customer page: the customers and orders pages' permissions open any customer's, the
  // charge order's and the call's only their customer's (a customer with a charge order, a call).
  const customerTab = requireShown(
    { permission: Permission.VIEW_ORDERS },
    { permission: Permission.VIEW_CUSTOMERS },
    chargeOrderShows(db, deps.config.tenant).customer,
    callShows(db).customer,
  );

  // The defence (chargeback) report: the customer's orders of a service, or one order's balance movements (CRM7_DO_ACTION).
  app.get('/orders/secured/generate/reports-chb', requirePermission(...DEFENCE_READERS), async (c) => ok(c, await defenceReport(db, parse(DefenceQuery, c.req.query()))));
  app.get('/orders/secured/generate/reports-saldo', requirePermission(...DEFENCE_READERS), async (c) => {
    const query = parse(SaldoQuery, c.req.query());
    return ok(c, await balanceReport(db, query.accountId, query.salesOrderId));
  });
  // The WhatsApp templates the notify form offers (read by whoever may notify: CRM7_AGENT).
  app.get('/messenger/secured/templates', requirePermission(Permission.AGENT), async (c) => {
    const query = parse(TemplatesQuery, c.req.query());
    return ok(c, await listTemplates(db, query.page, query.size));
  });
  // The top-up catalogue (outside /secured: the bearer check is the route's), read by the courtesy top-up's form.
  app.get('/catalog/offers/cll/:productType', requireBearer(deps), requireAnyPermission(Permission.VIEW_CUSTOMERS, Permission.VIEW_ORDERS), async (c) => {
    const query = parse(OffersQuery, c.req.query());
    return ok(c, await listOffers(db, c.req.param('productType').toUpperCase(), query.countryCode, query.operator, deps.clock.now()));
  });
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
    if (!query.email && !query.phone) throw malformed(Msg.clientsNeedPhoneOrEmail);
    return ok(c, await searchAccount(db, query));
  });

  app.get('/uaa/secured/other/data', customerTab, async (c) => ok(c, await accountSummary(db, parse(AccountIdQuery, c.req.query()).accountId)));
  // With the charts of the customer page's actions, as the server restores them (docs/contract.md).
  app.get('/users/secured/other/data', customerTab, async (c) => {
    const { accountId } = parse(AccountIdQuery, c.req.query());
    const data = await accountData(db, accountId, seesFullPin(c));
    return ok(c, { ...data, charts: await customerCharts(readContext(deps, c), accountId) });
  });
  app.get('/orders/secured/orders/totalClosed', customerTab, async (c) =>
    ok(c, { totalUsd: await totalClosedUsd(db, parse(AccountIdQuery, c.req.query()).accountId) }),
  );

  app.get('/users/secured/phoneNumbers', customerTab, async (c) => {
    const { accountId } = parse(PhonesQuery, c.req.query());
    const ctx = readContext(deps, c);
    return ok(c, { elements: await listPhones(db, accountId, (phone) => phoneCharts(ctx, phone)), charts: await phonesCharts(ctx, accountId) });
  });

  // The customer page's tabs: whoever may see customers.
  const customerPage = requirePermission(Permission.VIEW_CUSTOMERS);
  const paged = (read: (accountId: number, paging: CustomerPageQuery, fullPin: boolean) => Promise<unknown>) => customerPageRead(CustomerPageQuery, read);
  app.get('/blacklist/secured/blackList', customerPage, paged((id, q) => customerBlacklist(db, id, q)));
  app.get('/users/secured/credit-trn/data', customerPage, customerPageRead(CreditHistoryQuery, (id, q) => creditHistory(db, id, q)));
  app.get('/users/secured/transfer-trn/data', customerPage, paged((id, q) => creditTransfers(db, id, q)));
  // Payment requests and pin attempts in the order their `sort` asks (spec details §7: id,desc).
  app.get('/reports/secured/list/checkoutrequest', customerPage, customerPageRead(IdSortedPageQuery, (id, q) => paymentRequests(db, id, q)));
  app.get('/uaa/secured/login/dataPin', customerPage, paged((id, q, fullPin) => passwordlessSignIns(db, id, q, fullPin)));
  app.get('/uaa/secured/login/data', customerPage, paged((id, q) => passwordSignIns(db, id, q)));
  app.get('/uaa/secured/loginAttempt/data', customerPage, customerPageRead(IdSortedPageQuery, (id, q, fullPin) => pinAttempts(db, id, q, fullPin)));
  app.get('/customer/secured/paymentmethod/customerspecific/all', customerPage, async (c) => {
    const query = parse(PaymentMethodsQuery, c.req.query());
    const ctx = readContext(deps, c);
    const page = await paymentMethods(db, query.accountId, query);
    return ok(c, { ...page, elements: await Promise.all(page.elements.map(async (card) => ({ ...card, charts: await cardCharts(ctx, card) }))) });
  });
  // Each recipient with its chart (the edit), as the mover restores it.
  app.get('/orders/secured/list/remesarecipient', customerPage, async (c) => {
    const query = parse(DirectoryQuery, c.req.query());
    const ctx = readContext(deps, c);
    const page = await bankRecipients(db, query.accountId, query);
    return ok(c, { ...page, elements: await Promise.all(page.elements.map(async (r) => ({ ...r, charts: await bankRecipientCharts(ctx, { id: r.id, accountId: query.accountId }) }))) });
  });
  app.get('/users/secured/list/remesaaddress', customerPage, async (c) => {
    const query = parse(DirectoryQuery, c.req.query());
    const ctx = readContext(deps, c);
    const page = await homeRecipients(db, query.accountId, query);
    return ok(c, { ...page, elements: await Promise.all(page.elements.map(async (r) => ({ ...r, charts: await homeRecipientCharts(ctx, { id: r.id, accountId: r.accountId }) }))) });
  });
  // The added-card attempts are the agents' (spec details §6, CRM7_AGENT).
  app.get('/customer/secured/add/creditcard/result', requirePermission(...CUSTOMER_VIEWS.addedCardAttempts), async (c) => {
    const { accountId } = parse(AccountIdQuery, c.req.query());
    return ok(c, { ...(await addCardAttempts(db, accountId)), charts: await addedCardsCharts(readContext(deps, c), accountId) });
  });
  app.get('/users/secured/documents/list', customerPage, async (c) => {
    const { accountId } = parse(AccountIdQuery, c.req.query());
    const ctx = readContext(deps, c);
    return ok(c, { ...(await listDocuments(db, accountId, (record) => documentCharts(ctx, record))), charts: await documentsCharts(ctx, accountId) });
  });
  app.get(DOCUMENT_FILE_PATH, customerPage, async (c) => {
    const { id } = parse(FileQuery, c.req.query());
    return storedFile(c, await documentFile(db, id));
  });
  app.get('/users/secured/campaign-user/list', customerPage, async (c) => {
    const { accountId } = parse(AccountIdQuery, c.req.query());
    return ok(c, { ...(await customerCampaigns(db, accountId)), charts: await campaignsCharts(readContext(deps, c), accountId) });
  });
  app.get('/users/secured/segment/data/traits', customerPage, async (c) => ok(c, await segmentTraits(db, parse(AccountIdQuery, c.req.query()).accountId)));
  app.get('/users/secured/segment/data/events', customerPage, async (c) => {
    const query = parse(SegmentEventsQuery, c.req.query());
    return ok(c, await segmentEvents(db, query.accountId, query.next));
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
