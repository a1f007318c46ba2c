import { useId, useState } from 'react';
import { Dialog } from '@/ui/dialog';
import { Button } from '@/ui/button';
import { useActiveHotkeys } from '@/ui/hotkeys';
import { keyboardText } from '@/i18n/es-keyboard';
import { useScreens } from '@/routing/screens';

/** The console's history is the URL's hash: setting it is navigating (and keeps this chunk off the router's). */
const go = (path: string) => {
  window.location.hash = `#${path}`;
};

const fold = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** The keys of the screen shown and of the console ("?"). */
export function KeyboardHelp({ open, setOpen }: { open: boolean; setOpen: (open: boolean) => void }) {
  const keys = useActiveHotkeys();
  // One line per action: "j / ↓" and "↓" say the same.
  const lines = [...new Map(keys.map((k) => [k.label, k.shown ?? k.key])).entries()];
  const all: [string, string][] = [...lines, [keyboardText.help, '?'], [keyboardText.palette, 'Ctrl+K']];
  return (
    <Dialog open={open} title={keyboardText.helpTitle} description={keyboardText.helpIntro} onClose={() => setOpen(false)} footer={<Button onClick={() => setOpen(false)}>{keyboardText.close}</Button>}>
      <table className="w-full text-left text-sm">
        <thead className="text-xs text-slate-600">
          <tr>
            <th scope="col" className="py-1">
              {keyboardText.key}
            </th>
            <th scope="col" className="py-1">
              {keyboardText.does}
            </th>
          </tr>
        </thead>
        <tbody>
          {all.map(([label, key]) => (
            <tr key={label} className="border-t border-slate-100">
              <td className="py-1 pr-3">
                <kbd className="rounded bg-slate-100 px-1.5 font-mono text-xs">{key}</kbd>
              </td>
              <td className="py-1">{label}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}

interface Choice {
  label: string;
  go: () => void;
}

/** Ctrl+K: a screen by its name, or an order or a customer by its number (opened afresh each time). */
export function CommandPalette({ open, setOpen }: { open: boolean; setOpen: (open: boolean) => void }) {
  const [text, setText] = useState('');
  const [selected, setSelected] = useState(0);
  const { menu, opens } = useScreens();
  const inputId = useId();
  const close = () => setOpen(false);
  const typed = text.trim();
  const id = /^\d{1,12}$/.test(typed) ? typed : null;
  const choices: Choice[] = [
    ...(id && opens('order-page/$id') ? [{ label: keyboardText.openOrder(id), go: () => go(`/admin/order-page/${id}`) }] : []),
    ...(id && opens('customer-page/$id') ? [{ label: keyboardText.openCustomer(id), go: () => go(`/admin/customer-page/${id}`) }] : []),
    ...menu.filter((entry) => fold(entry.label).includes(fold(typed))).map((entry) => ({ label: entry.label, go: () => go(entry.to) })),
  ];
  const current = Math.min(selected, Math.max(0, choices.length - 1));
  const choose = (choice: Choice | undefined) => {
    if (!choice) return;
    close();
    choice.go();
  };
  return (
    <Dialog open={open} title={keyboardText.paletteTitle} onClose={close}>
      <label htmlFor={inputId} className="sr-only">
        {keyboardText.paletteLabel}
      </label>
      <input
        id={inputId}
        data-autofocus
        role="combobox"
        aria-expanded="true"
        aria-controls={`${inputId}-list`}
        aria-activedescendant={choices.length > 0 ? `${inputId}-${current}` : undefined}
        autoComplete="off"
        placeholder={keyboardText.paletteLabel}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setSelected(0);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') setSelected((n) => Math.min(n + 1, choices.length - 1));
          else if (event.key === 'ArrowUp') setSelected((n) => Math.max(n - 1, 0));
          else if (event.key === 'Enter') choose(choices[current]);
          else return;
          event.preventDefault();
        }}
        className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
      />
      <ul id={`${inputId}-list`} role="listbox" aria-label={keyboardText.paletteTitle} className="mt-2 max-h-72 overflow-auto">
        {choices.length === 0 ? <li className="px-2 py-1.5 text-sm text-slate-600">{keyboardText.paletteEmpty}</li> : null}
        {choices.map((choice, index) => (
          <li
            key={choice.label}
            id={`${inputId}-${index}`}
            role="option"
            aria-selected={index === current}
            onClick={() => choose(choice)}
            className={`cursor-pointer rounded px-2 py-1.5 text-sm ${index === current ? 'bg-sky-100 text-sky-900' : 'text-slate-800'}`}
          >
            {choice.label}
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
