import { useHotkeys } from './hotkeys';
import { keyboardText } from '@/i18n/es-keyboard';

/** The keys of a detail page's groups of actions (src/ui/key-groups.tsx). */
export function GroupKeys({ move, leave }: { move: (step: 1 | -1) => void; leave: () => void }) {
  useHotkeys([
    { key: 'j', label: keyboardText.nextGroup, run: () => move(1) },
    { key: 'k', label: keyboardText.previousGroup, run: () => move(-1) },
    { key: 'Escape', shown: 'Esc', label: keyboardText.leaveGroup, run: leave },
  ]);
  return null;
}

// A chosen group's digit keys come next: have them ready.
void import('./digit-keys');
