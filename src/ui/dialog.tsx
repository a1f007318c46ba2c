import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface DialogProps {
  open: boolean;
  title: string;
  description?: ReactNode;
  /** Omit to make the dialog stay until one of its buttons is pressed (Escape does nothing). */
  onClose?: () => void;
  children?: ReactNode;
  footer?: ReactNode;
  tone?: 'default' | 'warning' | 'success';
  role?: 'dialog' | 'alertdialog';
  /** A panel sliding in from the left (the menu on narrow screens) instead of a centred box. */
  placement?: 'center' | 'left';
  className?: string;
}

const toneRing = { default: 'ring-slate-200', warning: 'ring-amber-300', success: 'ring-emerald-300' };

/**
 * A modal dialog on the platform's <dialog>: focus moves in and is trapped, Escape and the
 * backdrop close it when `onClose` is given, the page behind is inert. No library needed, so
 * the shell stays light (docs/decisions.md: list-screen budget).
 */
export function Dialog({ open, title, description, onClose, children, footer, tone = 'default', role = 'dialog', placement = 'center', className = '' }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // The button a keyboard user expects under Enter (the confirm's "Sí"), when the dialog names one.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const panel =
    placement === 'left'
      ? `m-0 h-full max-h-none w-72 max-w-[85vw] p-0 ${className}`
      : `w-full max-w-md rounded-xl bg-white p-6 shadow-xl ring-1 ${toneRing[tone]} ${className}`;

  return (
    <dialog
      ref={ref}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className={`backdrop:bg-slate-900/40 ${placement === 'center' ? 'm-auto' : ''} ${panel}`}
      onCancel={(event) => {
        // Escape: close only dialogs that may be dismissed.
        event.preventDefault();
        onClose?.();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself.
        if (event.target === event.currentTarget) onClose?.();
      }}
    >
      {open ? (
        placement === 'left' ? (
          <>
            <h2 id={titleId} className="sr-only">
              {title}
            </h2>
            {children}
          </>
        ) : (
          <>
            <h2 id={titleId} className="text-lg font-semibold text-slate-900">
              {title}
            </h2>
            {description ? (
              <div id={descriptionId} className="mt-2 text-sm text-slate-600">
                {description}
              </div>
            ) : null}
            {children ? <div className="mt-4">{children}</div> : null}
            {footer ? <div className="mt-6 flex justify-end gap-2">{footer}</div> : null}
          </>
        )
      ) : null}
    </dialog>
  );
}
