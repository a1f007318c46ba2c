import type { Page } from './harness';

/** What fits its screen (issue 39 §5), checked by fit.spec.ts on every screen and by page specs on theirs. */

/**
 * What does not fit, as sentences (none when everything does): the page scrolling sideways; a
 * visible cell (table cells and grid cells, headers included) whose text is wider than the cell
 * or than a part of it that clips; a cell cut by the box it scrolls in, without the shade on that
 * side. A cell scrolled wholly out of its box is not on screen, as a row below the fold is not.
 */
export function misfits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const named = (el: Element) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) found.push(`the page scrolls sideways (${root.scrollWidth} > ${root.clientWidth})`);
    for (const cell of document.querySelectorAll<HTMLElement>('td, th, [role="gridcell"], [role="columnheader"]')) {
      if (!cell.checkVisibility({ visibilityProperty: true }) || cell.getClientRects().length === 0) continue;
      const box = cell.getBoundingClientRect();
      if (box.width === 0) continue;
      // Its own text: the cell, or a part of it that clips (an ellipsis, a hidden overflow).
      for (const part of [cell, ...cell.querySelectorAll<HTMLElement>('*')]) {
        const clips = part === cell || getComputedStyle(part).overflowX !== 'visible';
        if (clips && part.clientWidth > 0 && part.scrollWidth > part.clientWidth) found.push(`${named(cell)} is cut (${part.scrollWidth} > ${part.clientWidth})`);
      }
      // The box it scrolls in: a cell half out of it is cut, unless the shade on that side says there is more.
      let scroller = cell.parentElement;
      while (scroller && getComputedStyle(scroller).overflowX === 'visible') scroller = scroller.parentElement;
      if (!scroller || scroller === root || scroller === document.body) continue;
      const port = scroller.getBoundingClientRect();
      if (box.right <= port.left || box.left >= port.right) continue;
      const frame = scroller.classList.contains('scroll-cue-port') ? scroller.parentElement : null;
      const shade = (side: '::before' | '::after') => (frame ? Number(getComputedStyle(frame, side).opacity) : 0);
      if (box.left < port.left - 1 && shade('::before') < 0.5) found.push(`${named(cell)} is cut on the left by its box, with no shade`);
      if (box.right > port.right + 1 && shade('::after') < 0.5) found.push(`${named(cell)} is cut on the right by its box, with no shade`);
    }
    return found;
  });
}
