import { useEffectEvent, useLayoutEffect, useSyncExternalStore } from 'react';
import { ownedElsewhere } from './key-target';

/**
 * Keyboard flow (issue 14 §5): a screen declares its keys with `useHotkeys` (each with the Spanish
 * words the "?" overlay lists); a key pressed while typing in a field, with a modifier, or while a
 * dialog is open does nothing here (a dialog answers Enter and Escape itself).
 */

export interface Hotkey {
  /** `KeyboardEvent.key`: 'j', 'ArrowDown', 'Enter', '1'… */
  key: string;
  /** How the overlay shows the key ("j / ↓"); the key itself when absent. */
  shown?: string;
  /** What it does, in the overlay. */
  label: string;
  run: () => void;
}

type Entry = { keys: readonly Hotkey[] };
const active = new Set<Entry>();
const watchers = new Set<() => void>();
let snapshot: readonly Hotkey[] = [];
const publish = () => {
  snapshot = [...active].flatMap((entry) => entry.keys);
  watchers.forEach((watch) => watch());
};

/**
 * The screen's keys while it is shown (and `enabled`). Bound in a layout effect, before the browser
 * paints the commit that shows them: a key drawn on a button is a key that answers.
 */
export function useHotkeys(keys: readonly Hotkey[], enabled = true) {
  // The keys as they are now: a key's action may close over the latest data without rebinding.
  const current = useEffectEvent(() => keys);
  const signature = keys.map((k) => `${k.key}:${k.label}`).join('|');
  useLayoutEffect(() => {
    if (!enabled) return;
    const entry: Entry = { keys: current() };
    active.add(entry);
    publish();
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || ownedElsewhere(event)) return;
      const hit = current().find((k) => k.key === event.key);
      if (!hit) return;
      event.preventDefault();
      hit.run();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      active.delete(entry);
      publish();
    };
  }, [enabled, signature]);
}

/** Every key the shown screens declare now (the "?" overlay). */
export function useActiveHotkeys(): readonly Hotkey[] {
  return useSyncExternalStore(
    (watch) => {
      watchers.add(watch);
      return () => watchers.delete(watch);
    },
    () => snapshot,
  );
}
