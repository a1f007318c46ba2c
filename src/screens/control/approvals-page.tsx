import type { Approval, ListedApproval } from '@/api/contract/approvals';
import { getApprovals } from '@/api/approvals';
import { APPROVAL_STATUS_LABELS, windowNote } from '@/domain/approvals';
import { formatMoney } from '@/domain/format';
import { formatDateTime } from '@/domain/time';
import { approval as approvalLifecycle } from '@/machines/queue/approval.machine';
import { useServices, useSession } from '@/ui/session';
import { useScreens } from '@/routing/screens';
import { useOrderChanges } from '@/ui/live';
import { ChartActions, snapshotPart, useChartFlow } from '@/ui/chart-actions';
import { DetailTabView, useShownDetail, type ShownTab } from '@/ui/detail-tab';
import { DetailSection, SimpleTable, type TableColumn } from '@/ui/detail-table';
import { NewTabLink, customerHref, orderHref } from '@/ui/links';
import { PageHeader } from '@/ui/card';
import { Button } from '@/ui/button';
import { approvalText as text } from '@/i18n/es-approvals';

/** Where a request's entity is shown: its order, or its customer. */
function EntityLink({ approval }: { approval: Approval }) {
  const href = approval.docCode === 'ORDER' ? orderHref(approval.docId) : approval.docCode === 'CUSTOM' ? customerHref(approval.docId) : null;
  const label = text.entity(approval);
  return href ? (
    <NewTabLink href={href} label={label}>
      {label}
    </NewTabLink>
  ) : (
    <>{label}</>
  );
}

/**
 * Why a request that alone may be below the threshold waits (issue 28 §4): the sum with what the
 * same person did before within the window, and each of those actions.
 */
function WindowCell({ approval: { window } }: { approval: Approval }) {
  if (!window) return null;
  return (
    <div className="text-xs">
      <p>{windowNote(window)}</p>
      <ul className="list-inside list-disc text-slate-600">
        {window.earlier.map((e, i) => (
          <li key={i}>{text.earlier(e.label, formatMoney(e.amount, e.currency), formatDateTime(e.at))}</li>
        ))}
      </ul>
    </div>
  );
}

const COMMON: TableColumn<Approval>[] = [
  { header: text.columns.id, cell: (a) => a.id },
  { header: text.columns.action, cell: (a) => a.label },
  { header: text.columns.entity, cell: (a) => <EntityLink approval={a} />, className: 'whitespace-nowrap' },
  { header: text.columns.amount, cell: (a) => formatMoney(a.amount, a.currency), className: 'whitespace-nowrap' },
  { header: text.columns.usd, cell: (a) => (a.amountUsd === null || a.currency === 'USD' ? '' : formatMoney(a.amountUsd, 'USD')), className: 'whitespace-nowrap' },
  { header: text.columns.window, cell: (a) => <WindowCell approval={a} /> },
  { header: text.columns.requester, cell: (a) => a.requesterName },
  { header: text.columns.requestedAt, cell: (a) => formatDateTime(a.requestedAt), className: 'whitespace-nowrap' },
];

/** Reads the list again when an order changes: asking for or deciding a request on an order is an audited change of it. */
function OrderChanges({ onChange }: { onChange: () => void }) {
  useOrderChanges(() => onChange());
  return null;
}

/**
 * The requests waiting for a second person, oldest first, each with the buttons the approval chart
 * offers this person: none on one's own (it says so), none without the action's permissions.
 */
function PendingApprovals({ onDecided }: { onDecided: () => void }) {
  const services = useServices();
  const me = useSession((c) => c.profile?.accountId ?? 0);
  const pending = useShownDetail(() => getApprovals(services.orders, 'pending'));
  // The change stream tells of orders changed: it is for who may open their pages (the screen list's guard).
  const live = useScreens().opens('order-page/$id');
  // The flow lives here: a decided request leaves the list its buttons were in.
  const flow = useChartFlow({
    onDone: () => {
      pending.refresh();
      onDecided();
    },
    onFailed: pending.refresh,
  });
  const columns: TableColumn<ListedApproval>[] = [
    ...COMMON,
    { header: text.columns.expiresAt, cell: (a) => formatDateTime(a.expiresAt), className: 'whitespace-nowrap' },
    {
      header: text.columns.actions,
      cell: (a) =>
        a.requesterId === me ? (
          <span className="text-xs text-slate-600">{text.own}</span>
        ) : (
          <ChartActions
            label={`${text.columns.id} ${a.id}`}
            // The chart as the server restores it for this reader (the read's snapshot), never from the request's fields.
            parts={[snapshotPart(a.charts, { lifecycle: approvalLifecycle, subject: a })]}
            flow={flow}
            buttonName={(row) => `${row.label} ${text.columns.id.toLowerCase()} ${a.id}`}
          />
        ),
    },
  ];
  return (
    <DetailSection title={text.lists.pending}>
      <div className="mb-2 flex justify-end">
        <Button variant="secondary" onClick={pending.refresh}>
          {text.refresh}
        </Button>
      </div>
      <DetailTabView tab={pending}>{(rows) => <SimpleTable label={text.title} rows={rows} columns={columns} rowKey={(a) => a.id} empty={text.empty} />}</DetailTabView>
      {flow.dialogs}
      {live ? <OrderChanges onChange={pending.refresh} /> : null}
    </DetailSection>
  );
}

const DECIDED_COLUMNS: TableColumn<Approval>[] = [
  ...COMMON,
  { header: text.columns.status, cell: (a) => APPROVAL_STATUS_LABELS[a.status] },
  { header: text.columns.decider, cell: (a) => a.deciderName ?? '' },
  { header: text.columns.decidedAt, cell: (a) => (a.decidedAt ? formatDateTime(a.decidedAt) : ''), className: 'whitespace-nowrap' },
];

function DecidedApprovals({ decided }: { decided: ShownTab<Approval[]> }) {
  return (
    <DetailSection title={text.lists.decided}>
      <DetailTabView tab={decided}>
        {(rows) => <SimpleTable label={text.decidedTitle} rows={rows} columns={DECIDED_COLUMNS} rowKey={(a) => a.id} empty={text.emptyDecided} />}
      </DetailTabView>
    </DetailSection>
  );
}

/** Pendientes de aprobación (issue 14 §6): four-eyes requests, waiting and decided. */
export function ApprovalsPage() {
  const services = useServices();
  const threshold = services.config.fourEyesThresholdUsd;
  const decided = useShownDetail(() => getApprovals(services.orders, 'decided'));
  return (
    <div className="space-y-4">
      <PageHeader title={text.title} />
      <p className="max-w-3xl text-sm text-slate-700">{text.intro(formatMoney(threshold, 'USD'))}</p>
      {/* A decision moves a request here: read again. */}
      <PendingApprovals onDecided={decided.refresh} />
      <DecidedApprovals decided={decided} />
    </div>
  );
}
