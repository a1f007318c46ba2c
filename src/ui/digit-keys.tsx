import { useHotkeys, type Hotkey } from './hotkeys';

/** The digit keys of a work queue panel's actions (loaded with the first queue, not with every page). */
export function DigitKeys({ keys, enabled }: { keys: readonly Hotkey[]; enabled: boolean }) {
  useHotkeys(keys, enabled);
  return null;
}
