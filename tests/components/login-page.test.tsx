import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor } from 'xstate';
import { sessionMachine } from '@/machines/session/session.machine';
import { SessionActorContext } from '@/ui/session';
import { LoginPage } from '@/screens/session/login-page';

/**
 * The sign-in page with the session chart supplied (its calls never answer: no server). Moved
 * from tests/e2e/sign-in.spec.ts: what the form refuses and offers before any request.
 */
function renderLogin() {
  const session = createActor(sessionMachine);
  session.start();
  render(
    <SessionActorContext.Provider value={session}>
      <LoginPage onSignedIn={() => {}} />
    </SessionActorContext.Provider>,
  );
  return session;
}

describe('the sign-in page', () => {
  it('keeps Acceder disabled until both fields have something', async () => {
    const user = userEvent.setup();
    const session = renderLogin();
    const submit = screen.getByRole('button', { name: 'Acceder' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Usuario'), 'admin');
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Contraseña'), 'x');
    expect(submit).toBeEnabled();
    await user.clear(screen.getByLabelText('Usuario'));
    expect(submit).toBeDisabled();
    // Nothing was sent while it was refused.
    expect(session.getSnapshot().value).toBe('signedOut');
  });

  it('lists 26 languages and only Spanish can be chosen', () => {
    renderLogin();
    const select = screen.getByLabelText('Idioma');
    const options = within(select).getAllByRole('option');
    expect(options).toHaveLength(26);
    expect(options.filter((o) => !(o as HTMLOptionElement).disabled).map((o) => o.textContent)).toEqual(['Español']);
    expect(within(select).getByRole('option', { name: /^English/ })).toHaveTextContent('English (sin traducción)');
  });
});
