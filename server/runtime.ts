/**
 * What an instance knows about its own life: whether it is draining (SIGTERM received: /ready says
 * 503 so the balancer sends nothing new, open event streams close with a retry hint, answers close
 * their connections) and how many requests are in flight.
 */
export interface Runtime {
  readonly draining: boolean;
  readonly inFlight: number;
  /** Open long-lived streams (server-sent events). */
  readonly openStreams: number;
  /** Starts draining (once); the listeners run at once. */
  drain(): void;
  onDrain(listener: () => void): () => void;
  /** Counts a request from its start to its end. */
  began(): () => void;
  /** Counts an open stream; `close` ends it when the instance drains. Returns what to call when it ends. */
  streamOpened(close: () => void): () => void;
}

export function createRuntime(): Runtime {
  let draining = false;
  let inFlight = 0;
  const listeners = new Set<() => void>();
  const streams = new Set<() => void>();
  return {
    get draining() {
      return draining;
    },
    get inFlight() {
      return inFlight;
    },
    get openStreams() {
      return streams.size;
    },
    drain() {
      if (draining) return;
      draining = true;
      for (const listener of listeners) listener();
      for (const close of [...streams]) close();
    },
    onDrain(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    began() {
      inFlight++;
      let ended = false;
      return () => {
        if (!ended) inFlight--;
        ended = true;
      };
    },
    streamOpened(close) {
      if (draining) close();
      const entry = () => close();
      streams.add(entry);
      return () => void streams.delete(entry);
    },
  };
}
