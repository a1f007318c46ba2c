import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { KycDecision } from '@/api/contract/extras';
import { KYC_COLUMNS } from '@/screens/extras/kyc-columns';
import { Toaster } from '@/ui/toast';

/**
 * Extras › Verificaciones KYC: the URL column's cell, as the grid draws it (the column's own
 * renderer), with the toaster beside it. Moved from tests/e2e/extras.spec.ts: the first 50
 * characters shown, a click copies the whole URL and says so.
 */

const LONG_URL = 'https://verify.example/session/abcdefghijklmnopqrstuvwxyz0123456789?t=XYZ';

const decision = (verification_url: string | null): KycDecision => ({
  id: 7,
  partner_id: 'partner-7',
  partner_ref: '1234',
  status: 'approved',
  created_date_time: '2024-05-01T10:00:00.000Z',
  verification_date_time: null,
  has_media: false,
  verification_url,
  kyc_decision: null,
});

function renderUrlCell(url: string | null) {
  const column = KYC_COLUMNS.find((c) => c.field === 'verification_url');
  const cell = column?.cellRenderer as (params: { data: KycDecision }) => ReactNode;
  return render(
    <>
      <div role="gridcell">{cell({ data: decision(url) })}</div>
      <Toaster />
    </>,
  );
}

describe('the KYC verification URL cell', () => {
  it('shows the first 50 characters; a click copies it whole and says "URL copiada al portapapeles"', async () => {
    expect(LONG_URL.length).toBeGreaterThan(50);
    const user = userEvent.setup(); // a clipboard of its own on navigator
    renderUrlCell(LONG_URL);
    const button = screen.getByRole('button');
    expect(button.textContent).toBe(`${LONG_URL.slice(0, 50)}…`);
    expect(screen.queryByText('URL copiada al portapapeles')).toBeNull();
    await user.click(button);
    expect(await screen.findByText('URL copiada al portapapeles')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(LONG_URL);
  });

  it('a URL of 50 characters or fewer is shown whole; no URL, no button', () => {
    const short = LONG_URL.slice(0, 50);
    const { unmount } = renderUrlCell(short);
    expect(screen.getByRole('button').textContent).toBe(short);
    unmount();
    renderUrlCell(null);
    expect(screen.getByRole('gridcell')).toBeEmptyDOMElement();
  });
});
