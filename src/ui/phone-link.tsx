import { linkClass } from './links';

// The item panels' phone numbers (issue 41 §4): a module of their own, not in ./links.tsx, which every list loads.
/** What a phone dials for a number as shown ('+53 5234-5678' → '+5352345678'): its '+' and digits. */
export const telHref = (number: string) => `tel:${number.replace(/[^+\d]/g, '')}`;

/** A phone number a courier or an agent calls with a tap (`tel:`), shown as stored; nothing when there is none. */
export function PhoneLink({ number }: { number: string | null | undefined }) {
  if (!number || !/\d/.test(number)) return <>{number ?? ''}</>;
  return (
    <a href={telHref(number)} className={linkClass}>
      {number}
    </a>
  );
}
