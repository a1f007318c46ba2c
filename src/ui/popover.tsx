import { useId, useRef, type ReactNode } from 'react';

export interface PopoverProps {
  /** The button's content; the button opens and closes the panel. */
  label: ReactNode;
  /** The button's accessible name when its content is an icon. */
  ariaLabel?: string;
  buttonClassName?: string;
  panelClassName?: string;
  /** Which edge of the button the panel lines up with. */
  align?: 'start' | 'end';
  children: (close: () => void) => ReactNode;
}

/**
 * A button and its panel on the platform's popover: light dismiss, Escape and the top layer
 * come with it. The panel is placed under the button when it opens.
 */
export function Popover({ label, ariaLabel, buttonClassName = '', panelClassName = '', align = 'start', children }: PopoverProps) {
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const place = () => {
    const anchor = button.current?.getBoundingClientRect();
    const element = panel.current;
    if (!anchor || !element) return;
    element.style.position = 'fixed';
    element.style.margin = '0';
    element.style.top = `${anchor.bottom + 6}px`;
    if (align === 'end') {
      element.style.left = 'auto';
      element.style.right = `${Math.max(8, window.innerWidth - anchor.right)}px`;
    } else {
      element.style.right = 'auto';
      element.style.left = `${Math.max(8, anchor.left)}px`;
    }
  };
  return (
    <>
      <button ref={button} type="button" popoverTarget={id} aria-label={ariaLabel} className={buttonClassName}>
        {label}
      </button>
      <div
        ref={panel}
        id={id}
        popover="auto"
        onBeforeToggle={(event) => {
          if (event.newState === 'open') place();
        }}
        className={`rounded-md bg-white py-1 text-sm text-slate-800 shadow-lg ring-1 ring-slate-200 ${panelClassName}`}
      >
        {children(() => document.getElementById(id)?.hidePopover())}
      </div>
    </>
  );
}
