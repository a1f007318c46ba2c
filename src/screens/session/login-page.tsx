import { useEffect, useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { useSessionActor } from '@/ui/session';
import { Button } from '@/ui/button';
import { InputField } from '@/ui/fields';
import { LanguageSelect } from '@/ui/language-select';
import { currentYear } from '@/domain/year';
import { t } from '@/i18n/index';

/**
 * Sign-in. Visiting the page signs the user out (spec route table). It knows nothing of the
 * router: whoever renders it says what happens once the user is signed in.
 */
export function LoginPage({ onSignedIn }: { onSignedIn: () => void }) {
  const session = useSessionActor();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const signedIn = useSelector(session, (s) => s.matches('signedIn'));
  const working = useSelector(session, (s) => s.matches('signingIn') || s.matches('loadingProfile') || s.matches('signingOut'));
  const error = useSelector(session, (s) => s.context.error);
  const canSubmit = useSelector(session, (s) => s.can({ type: 'session.signIn', username, password }));

  useEffect(() => {
    session.send({ type: 'session.signOut' });
  }, [session]);

  useEffect(() => {
    // Read live: on arriving signed in, the sign-out just sent has already ended the session the render saw.
    if (signedIn && session.getSnapshot().matches('signedIn')) onSignedIn();
  }, [session, signedIn, onSignedIn]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    session.send({ type: 'session.signIn', username, password });
  };

  return (
    <div className="flex min-h-full flex-col items-center justify-center bg-gradient-to-br from-brand-900 to-brand-700 px-4 py-12">
      <main className="w-full max-w-sm rounded-2xl bg-white p-8 shadow-2xl">
        <h1 className="text-2xl font-bold text-slate-900">{t.login.title}</h1>
        <p className="mt-1 text-sm text-slate-600">{t.login.subtitle}</p>
        <form className="mt-6 space-y-4" onSubmit={submit} noValidate>
          <InputField
            size="large"
            id="username"
            label={t.login.username}
            autoComplete="username"
            autoFocus
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
          <InputField
            size="large"
            id="password"
            label={t.login.password}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          {error ? (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
              {error}
            </p>
          ) : null}
          <Button type="submit" className="w-full" disabled={!canSubmit || working}>
            {working ? t.login.signingIn : t.login.submit}
          </Button>
        </form>
        <div className="mt-6 flex justify-center">
          <LanguageSelect id="login-language" />
        </div>
      </main>
      <footer className="mt-6 text-xs text-brand-100">{t.app.footer(currentYear())}</footer>
    </div>
  );
}
