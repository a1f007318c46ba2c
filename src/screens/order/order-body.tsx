import { lazy, Suspense, useEffect, useState } from 'react';
import { useServices } from '@/ui/session';
import { Spinner } from '@/ui/spinner';
import { t } from '@/i18n';
import type { OrderRow } from '@/api/contract/order-lists';
import { reloadLoaded, useDetailTab } from '@/ui/detail-tab';
import { orderText } from '@/i18n/es-order';
import { OrderActions } from './order-actions';
import { FraudGraphLink } from './fraud-graph-link';
import { HistoryLink } from '@/routing/history-link';
import { loadOffers, OffersTab } from './offers-tab';
import { loadRisk, RiskTab } from '@/features/order/risk-tab';
import { loadTransaction, TransactionTab } from './transaction-tab';
import { CustomerTab, loadCustomer } from '@/features/customer/customer-tab';
import { loadNotes, NotesTab } from './notes-tab';
import { loadLogs, LogsTab } from './logs-tab';
import { SUB_TAB_CLASS, TAB_CLASS, Tab, TabGroup, TabList, TabPanel, TabPanels } from '@/ui/tabs';

// Ejecución is a sub-tab few open: its code comes with its first opening (the page's first paint stays within its budget).
const executionTab = () => import('@/features/order/execution-tab');
const ExecutionTab = lazy(async () => ({ default: (await executionTab()).ExecutionTab }));


/**
 * The body of one order's panel: its actions, then the tabs. Every tab runs on its own
 * detail-tab chart, kept here so switching tabs never loses what was loaded: a tab loads when
 * first opened, Logs on every opening, and after an action every loaded tab loads again.
 */
export function OrderBody({
  order,
  onRowChanged,
  firstTab = 0,
  onTab,
}: {
  order: OrderRow;
  onRowChanged: () => void;
  /** The tab it opens on (an index of its tabs: the order page's URL names it, the risk queue opens on Riesgo). */
  firstTab?: number;
  /** Told which tab the person chose (the order page keeps it in its URL). */
  onTab?: (index: number) => void;
}) {
  const services = useServices();
  const offers = useDetailTab(() => loadOffers(services, order));
  const risk = useDetailTab(() => loadRisk(services, order));
  const transaction = useDetailTab(() => loadTransaction(services, order));
  const execution = useDetailTab(async () => (await executionTab()).loadExecution(services, { accountId: order.accountId, orderId: order.id }));
  const customer = useDetailTab(() => loadCustomer(services, order));
  const notes = useDetailTab(() => loadNotes(services, order));
  // The Logs filter (a description) is the tab's query, its pager the tab's page.
  const logs = useDetailTab(({ page, query }) => loadLogs(services, order, { description: query, page }), { reloadOnSelect: true, query: '' });
  const [main, setMain] = useState<number>(firstTab);
  const [sub, setSub] = useState(0);

  // The panel opens on Oferta (on Riesgo in the risk queue, on the tab an order page's URL names).
  const firstActor = ([offers, risk, transaction, customer, notes, logs][firstTab] ?? offers).actor;
  useEffect(() => {
    firstActor.send({ type: 'tab.selected' });
  }, [firstActor]);

  const reload = () => {
    onRowChanged();
    reloadLoaded([offers, risk, transaction, execution, customer, notes, logs]);
  };
  // Someone else changed the order: inside its page's or queue's RereadRegion, the loaded tabs read again by themselves.
  const selectMain = (index: number) => {
    setMain(index);
    onTab?.(index);
    [offers, risk, sub === 0 ? transaction : execution, customer, notes, logs][index]?.select();
  };
  const selectSub = (index: number) => {
    setSub(index);
    (index === 0 ? transaction : execution).select();
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <OrderActions order={order} onChanged={reload} />
        <div className="flex flex-wrap items-center gap-2">
          <HistoryLink chart="order" entityId={order.id} label={t.history.of(orderText.title(order.id))} />
          <FraudGraphLink order={order} />
        </div>
      </div>
      <TabGroup selectedIndex={main} onChange={selectMain}>
        <TabList aria-label={orderText.panel.tabs(order.id)} className="flex flex-wrap gap-1 border-b border-slate-200">
          {[orderText.tabs.offers, orderText.tabs.risk, orderText.tabs.payment, orderText.tabs.customer, orderText.tabs.notes, orderText.tabs.logs].map((label) => (
            <Tab key={label} className={TAB_CLASS}>
              {label}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="mt-3">
          <TabPanel>
            <OffersTab tab={offers} order={order} onChanged={reload} />
          </TabPanel>
          <TabPanel>
            <RiskTab tab={risk} />
          </TabPanel>
          <TabPanel>
            <TabGroup selectedIndex={sub} onChange={selectSub}>
              <TabList aria-label={orderText.tabs.paymentSections} className="mb-3 flex gap-1">
                <Tab className={SUB_TAB_CLASS}>{orderText.tabs.transaction}</Tab>
                <Tab className={SUB_TAB_CLASS}>{orderText.tabs.execution}</Tab>
              </TabList>
              <TabPanels>
                <TabPanel>
                  <TransactionTab tab={transaction} order={order} onChanged={reload} />
                </TabPanel>
                <TabPanel>
                  <Suspense fallback={<Spinner label={t.app.loading} />}>
                    <ExecutionTab tab={execution} />
                  </Suspense>
                </TabPanel>
              </TabPanels>
            </TabGroup>
          </TabPanel>
          <TabPanel>
            <CustomerTab tab={customer} />
          </TabPanel>
          <TabPanel>
            <NotesTab
              tab={notes}
              order={order}
              onCreated={() => {
                notes.refresh();
                // A note is also an action log.
                logs.actor.send({ type: 'tab.reload' });
              }}
            />
          </TabPanel>
          <TabPanel>
            <LogsTab
              tab={logs}
              onQuery={(query) => (query.description === logs.query ? logs.goTo(query.page) : logs.filter(query.description))}
            />
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </div>
  );
}
