import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor, fromPromise, waitFor as waitForState } from 'xstate';
import { sessionMachine } from '@/machines/session/session.machine';
import type { Group } from '@/api/contract/uaa';
import type { RiskOrder } from '@/api/contract/orders';
import { Permission } from '@/domain/permissions';
import type { SessionActor } from '@/ui/session';
import { FraudAlert } from '@/screens/shell/fraud-alert';
import { RiskBell } from '@/screens/shell/risk-bell';
import { DashboardPage } from '@/screens/shell/dashboard-page';
import { fakeServices, group, profileOf, renderRouted, renderWith } from './support';

/**
 * The shell's pieces that read only the session chart: the fraud alert, the risk bell and the
 * dashboard's permission rule. The chart is signed in through its form's path with calls that
 * answer at once (its other effects are the chart's no-ops: no server); what the shell's data read
 * would tell is given as its events.
 * Moved from tests/e2e/shell.spec.ts.
 */

/** A session signed in through the form's path (so the fraud alert is showing), with the user's groups: its calls answer at once. */
async function signedIn(groups: Group[]): Promise<SessionActor> {
  const session = createActor(
    sessionMachine.provide({
      actors: {
        requestToken: fromPromise(async () => ({ tokens: { accessToken: 'a', refreshToken: 'r', expiresIn: 3600 }, receivedAt: Date.now() })),
        loadProfile: fromPromise(async () => profileOf('persona', groups)),
      },
    }),
  );
  session.start();
  session.send({ type: 'session.signIn', username: 'persona', password: 'x' });
  const snapshot = await waitForState(session, (s) => s.matches('signedIn'));
  expect(snapshot.matches({ signedIn: { alert: 'showing' } })).toBe(true);
  return session;
}

const riskOrder = (id: number): RiskOrder => ({
  id,
  accountId: 10,
  createdDate: '2024-05-01T10:00:00.000Z',
  status: 'RISK',
  totalPrice: 100,
  currency: 'USD',
  email: null,
  score: 0.9,
});

describe('the fraud alert', () => {
  it('says the held countries, top-ups and banks under "Alertas de Fraude", and goes with "Entendido"', async () => {
    const user = userEvent.setup();
    const session = await signedIn([group('FRAUDE', [Permission.LOGIN])]);
    renderWith(session, <FraudAlert />);
    // Nothing until the configuration is in.
    expect(screen.queryByRole('alertdialog')).toBeNull();
    session.send({ type: 'fraudConfig.loaded', config: { COUNTRIES_TO_STOP: ['VE', 'NI'], TOPUP_COUNTRIES_TO_STOP: [], BANKS_TO_STOP: ['BANCO X'] } });

    const alert = await screen.findByRole('alertdialog', { name: 'Alertas de Fraude' });
    expect(alert).toHaveAttribute('open');
    expect(within(alert).getByRole('heading', { name: 'Países con pagos retenidos' }).nextElementSibling).toHaveTextContent(/^VE, NI$/);
    expect(within(alert).getByRole('heading', { name: 'Países con recargas retenidas' }).nextElementSibling).toHaveTextContent(/^Ninguno$/);
    expect(within(alert).getByRole('heading', { name: 'Bancos con tarjetas retenidas' }).nextElementSibling).toHaveTextContent(/^BANCO X$/);

    await user.click(within(alert).getByRole('button', { name: 'Entendido' }));
    expect(screen.queryByRole('alertdialog', { name: 'Alertas de Fraude' })).toBeNull();
    expect(session.getSnapshot().matches({ signedIn: { alert: 'dismissed' } })).toBe(true);
  });
});

describe('the risk bell', () => {
  it('lists "Orden {id} en RIESGO", each linking to its order in a new tab', async () => {
    const session = await signedIn([group('ADMIN', [Permission.LOGIN])]);
    session.send({ type: 'risk.loaded', orders: [riskOrder(501), riskOrder(502)], total: 2 });
    await renderRouted(session, <RiskBell />);
    expect(screen.getByRole('button', { name: 'Órdenes en riesgo: 2' })).toBeInTheDocument();
    const links = screen.getAllByRole('link', { hidden: true });
    expect(links.map((l) => l.textContent)).toEqual(['Orden 501 en RIESGO', 'Orden 502 en RIESGO']);
    for (const [i, id] of [501, 502].entries()) {
      expect(links[i]).toHaveAttribute('target', '_blank');
      expect(links[i]).toHaveAttribute('rel', 'noopener noreferrer');
      expect(links[i]).toHaveAttribute('href', `#/admin/order-page/${id}`);
    }
  });

  it('with no order in risk says so and links nowhere', async () => {
    const session = await signedIn([group('ADMIN', [Permission.LOGIN])]);
    await renderRouted(session, <RiskBell />);
    expect(screen.getByRole('button', { name: 'Órdenes en riesgo: 0' })).toBeInTheDocument();
    expect(screen.getByText('No hay órdenes en riesgo.')).toBeInTheDocument();
    expect(screen.queryAllByRole('link', { hidden: true })).toHaveLength(0);
  });

  it.each([
    ['who may open Cola de Riesgo (CRM7_FRAUD_COMPLETE) follows a link to it', [Permission.LOGIN, Permission.FRAUD_COMPLETE], true],
    ['anyone else reads it, with no link to a screen that would refuse them', [Permission.LOGIN, Permission.VIEW_ORDERS], false],
  ] as const)('beyond ten orders, "y N más…": %s', async (_who, permissions, linked) => {
    const session = await signedIn([group('PERSONA', permissions)]);
    session.send({ type: 'risk.loaded', orders: Array.from({ length: 12 }, (_, i) => riskOrder(600 + i)), total: 12 });
    await renderRouted(session, <RiskBell />);
    const more = screen.getByText('y 2 más…');
    expect(more.tagName).toBe(linked ? 'A' : 'SPAN');
    if (linked) expect(more).toHaveAttribute('href', '#/admin/risk-queue');
  });
});

describe('the dashboard without CRM2_VIEW_ORDERS', () => {
  it('says why there are no figures and shows none', async () => {
    // No services are given: a page that tried to read the figures would fail to render.
    const session = await signedIn([group('SIN_ACCESO', [Permission.LOGIN])]);
    await renderRouted(session, <DashboardPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      /^Su usuario no tiene permiso para ver las cifras del panel: son datos de órdenes y ventas \(CRM2_VIEW_ORDERS\)\.$/,
    );
    expect(screen.queryByText('Usuarios nuevos')).toBeNull();
  });

  it('with CRM2_VIEW_ORDERS the refusal is not said: the figures are asked for instead', async () => {
    // Services that are asked and never answer (no network): the page waits for its figures.
    const { services, touched: asked } = fakeServices();
    const session = await signedIn([group('ENTREGAS', [Permission.LOGIN, Permission.VIEW_ORDERS])]);
    await renderRouted(session, <DashboardPage />, services);
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByText(/Su usuario no tiene permiso para ver las cifras del panel/)).toBeNull();
    await waitFor(() => expect(asked).toEqual(['reports']));
  });
});
