import { lazy, Suspense, useEffect, useState } from 'react';
import { ownedElsewhere } from '@/ui/key-target';

// The dialogs load with the first "?" or Ctrl+K, not with every page (the list budgets).
const KeyboardHelp = lazy(async () => ({ default: (await import('./keyboard')).KeyboardHelp }));
const CommandPalette = lazy(async () => ({ default: (await import('./keyboard')).CommandPalette }));

/** The console's own keys: "?" lists the keys, Ctrl+K (⌘K) finds a screen, an order or a customer. */
export function KeyboardKeys() {
  const [open, setOpen] = useState<'help' | 'palette' | null>(null);
  // The palette starts empty each time it opens: a new key, a new component.
  const [opened, setOpened] = useState(0);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpened((n) => n + 1);
        setOpen('palette');
      } else if (event.key === '?' && !ownedElsewhere(event)) {
        event.preventDefault();
        setOpen('help');
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  const close = (value: boolean) => {
    if (!value) setOpen(null);
  };
  return open === null ? null : (
    <Suspense fallback={null}>
      {open === 'help' ? <KeyboardHelp open setOpen={close} /> : <CommandPalette key={opened} open setOpen={close} />}
    </Suspense>
  );
}
