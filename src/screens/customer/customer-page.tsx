import { lazy, Suspense } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import { PageHeader } from '@/ui/card';
import { Spinner } from '@/ui/spinner';
import { t } from '@/i18n';
import { DetailTabView, reloadLoaded, useShownDetail } from '@/ui/detail-tab';
import { CustomerCard } from '@/features/customer/customer-card';
import { CustomerTabs, useCustomerTabs } from '@/features/customer/customer-detail';
import { KeyGroupsProvider } from '@/ui/key-groups';
import { customerText } from '@/i18n/es-customer';
import { HistoryLink } from '@/routing/history-link';

// The customer's actions are a chunk of their own (the page's first paint stays within its budget),
// asked for when the page's own chunk arrives, so it loads beside the card's reads.
const customerActions = import('@/features/customer/customer-actions');
const CustomerActions = lazy(async () => ({ default: (await customerActions).CustomerActions }));

const route = getRouteApi('/admin/customer-page/$id');

/** The customer page (#/admin/customer-page/{id}): the card, then the tabs; one customer per URL. */
function CustomerView({ accountId }: { accountId: number }) {
  // The route's loader asked for the card as the navigation started (src/routing/route-frame.tsx): the first read takes it.
  const read = route.useLoaderData({ select: (data) => data.card });
  const card = useShownDetail(() => read!());
  const tabs = useCustomerTabs(accountId);
  // After an action the card and every tab that has loaded read again (a new balance shows in the card and in Historial).
  const changed = () => {
    card.refresh();
    reloadLoaded(tabs.all);
  };
  return (
    <div className="space-y-4">
      <PageHeader title={customerText.title(accountId)}>
        {/* The account's chart (enabled / disabled): its entity is the customer's id. */}
        <HistoryLink chart="customerAccount" entityId={accountId} label={t.history.of(customerText.title(accountId))} />
      </PageHeader>
      <DetailTabView tab={card}>
        {(data) => (
          // The actions, the card and the tabs appear together: nothing pushes the card down once shown.
          <Suspense fallback={<Spinner label={t.app.loading} />}>
            <div className="space-y-4">
              <CustomerActions
                accountId={accountId}
                charts={data.data.charts}
                contact={{ phone: data.summary.phoneNumber, email: data.summary.email }}
                account={{ enabled: data.summary.enabled, reliability: data.summary.userBasicData.reliability, groups: data.summary.groups.map((g) => g.name) }}
                settings={{
                  value3DS: data.data.value3DS,
                  tuBolsillo: data.data.tuBolsilloServices,
                  marketing: { subscribePromotion: data.data.sendPromotionsSMS, subscribeEmail: data.data.sendPromotionsEmail, subscribeWhatsapp: data.data.sendPromotionsWhatsapp, subscribeCall: data.data.sendPromotions },
                }}
                info={{
                  firstName: data.summary.firstName,
                  lastName: data.summary.lastName,
                  email: data.summary.email,
                  countryCode: data.data.country,
                  city: data.data.city,
                  region: data.data.region,
                  gender: data.data.gender,
                  birthday: data.data.birthday,
                }}
                onDone={changed}
              />
              <CustomerCard card={data} />
              <CustomerTabs accountId={accountId} tabs={tabs} />
            </div>
          </Suspense>
        )}
      </DetailTabView>
    </div>
  );
}

export function CustomerPage() {
  const { id } = route.useParams();
  const accountId = route.useLoaderData({ select: (data) => data.accountId });
  if (accountId === null) {
    return (
      <div className="space-y-4">
        <PageHeader title={customerText.heading} />
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
          {customerText.badId(id)}
        </p>
      </div>
    );
  }
  // A new id is a new customer: nothing of the previous one is kept.
  return (
    <KeyGroupsProvider>
      <CustomerView key={accountId} accountId={accountId} />
    </KeyGroupsProvider>
  );
}
