import type { ComponentProps, ReactNode } from 'react';
import { act, render } from '@testing-library/react';
import { createMemoryHistory, createRootRouteWithContext, createRouter, RouterProvider } from '@tanstack/react-router';
import { SCREENS, type RouterContext } from '@/router';
import { createActor } from 'xstate';
import type { KyInstance } from 'ky';
import type { RuntimeConfig } from '@/api/contract/runtime-config';
import type { Group, Profile } from '@/api/contract/uaa';
import type { ServiceClient } from '@/api/http';
import type { Services } from '@/api/services';
import { FOUR_EYES_THRESHOLD_USD } from '@/domain/approval-limits';
import { sessionMachine } from '@/machines/session/session.machine';
import { CustomerActions } from '@/features/customer/customer-actions';
import { ServicesContext, SessionActorContext, type SessionActor } from '@/ui/session';
import { persona } from '../support/chart-checks';

/**
 * What the component tests share: a session signed in without a server, services that never reach
 * one (they record what they were asked), and the providers a piece reads both from.
 */

/** A group holding the permissions named. */
export const group = (name: string, permissions: readonly string[]): Group => ({ name, permissions: permissions.map((p) => ({ name: p })) });

/** A staff member's profile with the groups given. */
export const profileOf = (username: string, groups: Group[]): Profile => ({ accountId: 1, username, email: null, firstName: null, lastName: null, name: username, groups });

/**
 * A session resumed as `username`, holding `permissions` in one group: the demo persona's by
 * default (persona()), ALL_PERMISSIONS for a staff member holding every one. The chart's effects
 * do nothing (no server, no timers).
 */
export function sessionAs(username: string, permissions: readonly string[] = persona(username)): SessionActor {
  const session = createActor(sessionMachine).start();
  const profile = profileOf(username, [group('E2E', permissions)]);
  session.send({ type: 'session.resume', session: { accessToken: 'token', refreshToken: 'refresh', expiresIn: 3600, refreshAt: Date.now() + 3_600_000, profile } });
  return session;
}

/** GET paths (as the console asks them), or other requests as `METHOD path`, and the data each is answered with. */
export type Answers = Record<string, unknown>;

/**
 * Services whose clients record their use: `touched`, the clients used, by name; `sent`, the
 * requests made (`METHOD path`); `bodies`, the JSON bodies sent, by request. Without `answers` a
 * client never answers (nothing is ever sent); with them, a GET of a path given (or another
 * request given as `METHOD path`) is answered `{ code: 0, data }` and anything else is refused as
 * a lost connection.
 */
export function fakeServices(answers?: Answers) {
  const touched: string[] = [];
  const sent: string[] = [];
  const bodies: { request: string; json: unknown }[] = [];
  const answer = (method: string) => async (path: string, options?: { json?: unknown }) => {
    sent.push(`${method} ${path}`);
    if (options?.json !== undefined) bodies.push({ request: `${method} ${path}`, json: options.json });
    const key = method === 'GET' ? path : `${method} ${path}`;
    if (!answers || !(key in answers)) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify({ code: 0, data: answers[key] }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  };
  const ky = { get: answer('GET'), post: answer('POST'), put: answer('PUT'), delete: answer('DELETE') } as unknown as KyInstance;
  const client = (name: string): ServiceClient => ({
    hooks: { getToken: () => 'token', onInvalidToken: () => {}, serviceKeys: () => null },
    instance: () => {
      touched.push(name);
      return answers ? Promise.resolve(ky) : new Promise(() => {});
    },
  });
  const config = { tenant: 'cubacel', customerSiteUrl: '', fourEyesThresholdUsd: FOUR_EYES_THRESHOLD_USD } as RuntimeConfig;
  const services = new Proxy({ config } as Services, {
    get: (target, name: string) => (name in target ? target[name as keyof Services] : client(name)),
  });
  return { services, touched, sent, bodies };
}

/** Renders `ui` under the session and, when given, the services (a piece that reads none is drawn without them). */
export function renderWith(session: SessionActor, ui: ReactNode, services?: Services) {
  return render(
    <SessionActorContext.Provider value={session}>
      {services ? <ServicesContext.Provider value={services}>{ui}</ServicesContext.Provider> : ui}
    </SessionActorContext.Provider>,
  );
}

/**
 * Renders `ui` as the page of a router whose context carries the app's one list of screens (a
 * piece that asks which screens open, `useScreens`), under the session and the services given;
 * resolves once the router has drawn it.
 */
export async function renderRouted(session: SessionActor, ui: ReactNode, services?: Services) {
  // The router restores the scroll on a navigation; jsdom has no layout to scroll.
  window.scrollTo = () => {};
  const root = createRootRouteWithContext<RouterContext>()({ component: () => ui });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }), context: { session, services: services ?? ({} as Services), screens: SCREENS } });
  const view = renderWith(session, <RouterProvider router={router as never} />, services);
  await act(() => router.load());
  return view;
}

/**
 * Renders `ui` signed in as `username` (sessionAs, with `permissions` if given) over
 * fakeServices(`answers`); returns the render as `view` and what the services were asked.
 */
export function renderAs(username: string, ui: ReactNode, { permissions, answers }: { permissions?: readonly string[]; answers?: Answers } = {}) {
  const { services, touched, sent, bodies } = fakeServices(answers);
  const view = renderWith(sessionAs(username, permissions), ui, services);
  return { view, touched, sent, bodies };
}

type CustomerActionsProps = ComponentProps<typeof CustomerActions>;

/** The customer's action bar (CustomerActions) for an enabled account in no group, 3DS not required, no subscription, unless said otherwise. */
export function CustomerBar(props: Omit<CustomerActionsProps, 'account' | 'settings' | 'onDone'> & Partial<CustomerActionsProps>) {
  return (
    <CustomerActions
      account={{ enabled: true, reliability: 0, groups: [] }}
      settings={{ value3DS: 'NOT_REQUIRED', tuBolsillo: false, marketing: { subscribePromotion: false, subscribeEmail: false, subscribeWhatsapp: false, subscribeCall: false } }}
      onDone={() => {}}
      {...props}
    />
  );
}
