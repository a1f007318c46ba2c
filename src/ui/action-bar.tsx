import { Children, type ReactNode } from 'react';
import { Button, type ButtonProps } from './button';
import { useActiveHotkeys } from './hotkeys';

export interface BarAction {
  key: string;
  label: ReactNode;
  /** The button's accessible name when the label alone is ambiguous (one per table row). */
  ariaLabel?: string | undefined;
  variant?: ButtonProps['variant'];
  onClick: () => void;
  disabled?: boolean;
  /**
   * The key that presses it (a work queue's panel), shown on the button once it is bound: its place
   * is kept while the key's code loads, so the label appears without moving the button's neighbours.
   */
  shortcut?: string | null;
}

/**
 * The buttons of an entity's actions, as its chart allows them: a labelled group marked as
 * mutating (readers never see one), or nothing when no action is allowed. The actions' dialogs
 * are rendered by the caller, outside, so they outlive a button the action itself removes.
 */
export function ActionBar({ label, actions, children, keyGroup, chosen = false }: { label: string; actions: readonly BarAction[]; children?: ReactNode; keyGroup?: string | undefined; chosen?: boolean }) {
  const bound = new Set(useActiveHotkeys().map((hotkey) => hotkey.key));
  // `{a ? <X/> : null}` children count only when they render something.
  if (actions.length === 0 && Children.toArray(children).length === 0) return null;
  return (
    <div
      role="group"
      aria-label={label}
      data-mutating=""
      // On a detail page j and k choose a group (src/ui/key-groups.tsx); the chosen one is outlined.
      data-key-group={keyGroup}
      data-chosen={chosen || undefined}
      tabIndex={keyGroup ? -1 : undefined}
      className={`flex flex-wrap items-center gap-2 rounded-md ${chosen ? 'outline-2 outline-offset-4 outline-brand-600' : 'focus:outline-none'}`}
    >
      {actions.map((action) => {
        const live = action.shortcut ? bound.has(action.shortcut) : false;
        return (
          <Button
            key={action.key}
            variant={action.variant ?? 'secondary'}
            aria-label={action.ariaLabel}
            aria-keyshortcuts={live ? action.shortcut! : undefined}
            disabled={action.disabled}
            onClick={action.onClick}
          >
            {action.shortcut ? (
              <kbd aria-hidden className={`rounded bg-black/10 px-1.5 font-mono text-xs ${live ? '' : 'invisible'}`}>
                {action.shortcut}
              </kbd>
            ) : null}
            {action.label}
          </Button>
        );
      })}
      {children}
    </div>
  );
}
