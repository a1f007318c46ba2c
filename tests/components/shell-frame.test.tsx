import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { AppFrame, frameActor } from '@/ui/shell-frame';

/**
 * The console's frame (src/ui/shell-frame.tsx) on its own chart, without the router or the shell.
 * Moved from tests/e2e/shell.spec.ts: the footer's year is computed (America/Toronto's calendar).
 */

const torontoYear = (at: Date) => new Intl.DateTimeFormat('en', { timeZone: 'America/Toronto', year: 'numeric' }).format(at);

afterEach(() => {
  vi.useRealTimers();
  // The frame's chart lives as long as the page: back to no frame for the next test.
  act(() => {
    frameActor.send({ type: 'shell.out' });
    frameActor.send({ type: 'frame.clear' });
  });
});

describe('the frame’s footer', () => {
  it('carries this year in Toronto, while the page is pending and once the shell is in', () => {
    act(() => frameActor.send({ type: 'frame.boot' }));
    render(<AppFrame />);
    expect(screen.getByRole('main')).toHaveTextContent('Cargando…');
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${torontoYear(new Date())}`);
    act(() => frameActor.send({ type: 'shell.in' }));
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${torontoYear(new Date())} Consola CRM. Todos los derechos reservados.`);
  });

  it('says the year of Toronto’s calendar, not the machine’s, at New Year', () => {
    // 03:00 UTC on 1 January is still 31 December (22:00) in Toronto.
    const at = new Date('2031-01-01T03:00:00Z');
    vi.useFakeTimers({ toFake: ['Date'], now: at });
    act(() => frameActor.send({ type: 'frame.boot' }));
    render(<AppFrame />);
    expect(torontoYear(at)).toBe('2030');
    expect(screen.getByRole('contentinfo')).toHaveTextContent(/^© 2030 Consola CRM\. Todos los derechos reservados\.$/);
  });

  it('is not drawn without a frame (sign-in, a window of its own)', () => {
    render(<AppFrame>page</AppFrame>);
    expect(screen.getByText('page')).toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.queryByRole('banner')).toBeNull();
  });
});
