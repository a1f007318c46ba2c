import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { DialogSearchState, type SearchScreen } from '@/ui/search-screen';

export interface ReportDialogProps {
  /** The button that opens it, and the dialog's title. */
  openLabel: string;
  title: string;
  searchLabel: string;
  closeLabel: string;
  /** The dialog's width (a Tailwind max-width class). */
  width: string;
  /** The search the dialog runs (useSearchDialog): its draft is the form, its check the refusal shown. */
  screen: SearchScreen;
  /** The form's fields, bound to the search's draft. */
  fields: ReactNode;
  /** How the fields sit (a grid of four, or a row). */
  fieldsClassName: string;
  /** The result, while the search shows one. */
  children: ReactNode;
}

/**
 * A report read in a dialog (the customer's and the payment gateway's 'Reporte de defensa'): a
 * button opens it; the form searches on the search chart, says in place why it cannot, waits, offers
 * "Reintentar" on a failure, and shows the result beneath. A read: nothing changes.
 */
export function ReportDialog({ openLabel, title, searchLabel, closeLabel, width, screen, fields, fieldsClassName, children }: ReportDialogProps) {
  const [open, setOpen] = useState(false);
  const search = (event: FormEvent) => {
    event.preventDefault();
    screen.submit();
  };
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {openLabel}
      </Button>
      <Dialog open={open} title={title} onClose={() => setOpen(false)} className={width}>
        <form onSubmit={search} noValidate className="space-y-3">
          <div className={fieldsClassName}>{fields}</div>
          {screen.status === 'invalid' && screen.invalid ? (
            <p role="alert" className="text-sm text-red-700">
              {screen.invalid}
            </p>
          ) : null}
          <div className="flex gap-2">
            <Button type="submit">{searchLabel}</Button>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {closeLabel}
            </Button>
          </div>
        </form>
        <div className="mt-4 space-y-2">
          <DialogSearchState screen={screen}>{children}</DialogSearchState>
        </div>
      </Dialog>
    </>
  );
}
