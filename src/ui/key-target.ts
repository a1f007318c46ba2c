/** Who a key press is for (kept apart from the key registry: the shell needs only this). */

/** Whether a key press belongs to a field or a dialog rather than to the screen's keys. */
export function ownedElsewhere(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey) return true;
  const target = event.target as HTMLElement | null;
  if (target?.closest('input, textarea, select, [contenteditable="true"], dialog[open]')) return true;
  // Enter and Space on a focused button or link press it.
  if ((event.key === 'Enter' || event.key === ' ') && target?.closest('button, a[href], summary')) return true;
  return document.querySelector('dialog[open]') !== null;
}

/** The digit of the n-th action button (1…9), or null past the ninth. */
export const actionKey = (index: number) => (index < 9 ? String(index + 1) : null);
