import { useEffect, useEffectEvent } from 'react';
import { createActor, fromCallback, type Actor } from 'xstate';
import type { Services } from '@/api/services';
import { liveChangesMachine, type LiveChangesEvent } from '@/machines/ui/live-changes.machine';
import { QueuePaths } from '@/api/contract/queue-paths';
import { useServices } from './session';
import { ordersPath } from '@/api/http';

/**
 * Live updates (issue 14 §4): one event stream per signed-in tab, opened while a page listens (the
 * queues, the order page) and closed when none does. A listener hears the ids of the orders that
 * changed (their items included), or `null` when the stream was lost and opened again and
 * everything shown must be read again.
 */

export type OrderChanges = (orders: readonly number[] | null) => void;

interface Hub {
  listeners: Set<OrderChanges>;
  actor: Actor<typeof liveChangesMachine> | null;
}
const hubs = new WeakMap<Services, Hub>();

/** Reads the server-sent events of one stream, reporting to the chart until it ends. */
async function follow(services: Services, signal: AbortSignal, send: (event: LiveChangesEvent) => void) {
  try {
    const ky = await services.orders.instance();
    const response = await ky.get(ordersPath(QueuePaths.changes), { timeout: false, signal });
    if (!response.ok || !response.body) throw new Error(String(response.status));
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.+)$/m.exec(block)?.[1];
        const data = /^data: (.+)$/m.exec(block)?.[1];
        if (event === 'ready') send({ type: 'stream.ready' });
        if (event === 'change' && data) send({ type: 'stream.change', orders: (JSON.parse(data) as { orders: number[] }).orders });
        if (event === 'resync') send({ type: 'stream.resync' });
        if (event === 'closing') {
          send({ type: 'stream.closing', retryMs: Number(/^retry: (\d+)$/m.exec(block)?.[1] ?? 1000) });
          return;
        }
      }
    }
  } catch {
    // Lost (network, server restart, expired session): the chart waits and connects again.
  }
  if (!signal.aborted) send({ type: 'stream.lost' });
}

function startHub(services: Services, hub: Hub) {
  const actor = createActor(
    liveChangesMachine.provide({
      actors: {
        // Open while the chart streams; the chart leaving the state closes the connection.
        stream: fromCallback<LiveChangesEvent>(({ sendBack }) => {
          const controller = new AbortController();
          void follow(services, controller.signal, sendBack);
          return () => controller.abort();
        }),
      },
      actions: {
        notify: (_args, { orders }) => hub.listeners.forEach((listener) => listener(orders)),
        resync: () => hub.listeners.forEach((listener) => listener(null)),
      },
    }),
  );
  hub.actor = actor;
  actor.start();
}

/** Calls `onChanges` with each change while the component is shown. */
export function useOrderChanges(onChanges: OrderChanges) {
  const services = useServices();
  // The listener calls the component's latest `onChanges` without opening the stream again.
  const changed = useEffectEvent((orders: readonly number[] | null) => onChanges(orders));
  useEffect(() => {
    let hub = hubs.get(services);
    if (!hub) hubs.set(services, (hub = { listeners: new Set(), actor: null }));
    const listener: OrderChanges = (orders) => changed(orders);
    hub.listeners.add(listener);
    if (!hub.actor) startHub(services, hub);
    const current = hub;
    return () => {
      current.listeners.delete(listener);
      if (current.listeners.size === 0) {
        current.actor?.send({ type: 'stream.stop' });
        current.actor = null;
      }
    };
  }, [services]);
}
