import { describe, expect, it } from 'vitest';
import { sentWithinWindow } from '@/domain/outbox';

/** The outbox's resend window as a notify chart's guard reads it (src/domain/outbox.ts). */
describe('the resend window', () => {
  // Where the same e-mail went within the window: an address given, and the document's own ('').
  const queued = ['luis@correo.example', 'ana@correo.example', ''];

  it('refuses the same e-mail to an address it went to within the window, however typed', () => {
    expect(sentWithinWindow(queued, ' Luis@Correo.example ')).toBe(true);
    expect(sentWithinWindow(queued, 'ana@correo.example')).toBe(true);
    expect(sentWithinWindow(queued, 'otra@correo.example')).toBe(false);
  });

  it("a request without an address asks the document's own: refused only when that one went", () => {
    expect(sentWithinWindow(queued, '')).toBe(true);
    expect(sentWithinWindow(queued, undefined)).toBe(true);
    expect(sentWithinWindow(['luis@correo.example'], '')).toBe(false);
    expect(sentWithinWindow([], null)).toBe(false);
  });
});
