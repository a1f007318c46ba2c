import { assign, setup } from 'xstate';

/**
 * The console's frame (src/ui/shell-frame.tsx) over a page's life: `none` (sign-in, a window of its
 * own), `empty` (a signed-in cold start on a page of the shell: the entry draws it before the
 * router's code is in) and `shell` (the shell is mounted and fills it). The entry, the router's first
 * load and the shell send; the frame renders the state. Its context holds where the shell draws its
 * menu and top bar (the frame's own elements, as they mount).
 */

export interface FrameContext {
  menu: HTMLElement | null;
  bar: HTMLElement | null;
}

export type FrameEvent =
  /** The entry, signed in, on a page of the shell. */
  | { type: 'frame.boot' }
  /** The router's first location matched a page without the shell (sign-in after a session ended). */
  | { type: 'frame.settled' }
  /** The console cannot start (no config.json): what is shown is its message, without a frame. */
  | { type: 'frame.clear' }
  | { type: 'shell.in' }
  | { type: 'shell.out' }
  /** The frame's menu or top bar element mounted or went (null). */
  | { type: 'frame.slots'; menu: HTMLElement | null; bar: HTMLElement | null };

export const frameMachine = setup({
  types: { context: {} as FrameContext, events: {} as FrameEvent },
  actions: {
    slots: assign(({ event }) => (event.type === 'frame.slots' ? { menu: event.menu, bar: event.bar } : {})),
  },
}).createMachine({
  id: 'frame',
  context: { menu: null, bar: null },
  initial: 'none',
  on: { 'frame.slots': { actions: 'slots' } },
  states: {
    none: { on: { 'frame.boot': 'empty', 'shell.in': 'shell' } },
    empty: { on: { 'shell.in': 'shell', 'frame.settled': 'none', 'frame.clear': 'none' } },
    shell: { on: { 'shell.out': 'none' } },
  },
});
