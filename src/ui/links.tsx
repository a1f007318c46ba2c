import { listText } from '@/i18n/es-lists';

export const linkClass = 'font-medium text-brand-700 underline decoration-brand-300 underline-offset-2 hover:text-brand-900';

/** Links to a customer or an order open in a new tab (spec lists §2). */
export function NewTabLink({ href, children, label }: { href: string; children: React.ReactNode; label?: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={linkClass} aria-label={label ? `${label} (${listText.openInNewTab})` : undefined}>
      {children}
    </a>
  );
}

export const orderHref = (id: number | string) => `#/admin/order-page/${id}`;
export const customerHref = (id: number | string) => `#/admin/customer-page/${id}`;

export function OrderLink({ id }: { id: number }) {
  return (
    <NewTabLink href={orderHref(id)} label={`Orden ${id}`}>
      {id}
    </NewTabLink>
  );
}

export function CustomerLink({ id }: { id: number | null }) {
  if (id === null) return null;
  return (
    <NewTabLink href={customerHref(id)} label={`Cliente ${id}`}>
      {id}
    </NewTabLink>
  );
}
