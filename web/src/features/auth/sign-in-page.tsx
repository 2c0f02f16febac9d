import * as Tabs from '@radix-ui/react-tabs';
import { LogIn } from 'lucide-react';
import { useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';

import { landingPath, RETURN_TO_KEY, safeReturnPath } from '../../app/route-access';
import { useSession } from '../../app/session-store';
import { ExternalSignInButtons } from './components/external-sign-in-buttons';
import { ForgotPasswordForm, RecoveryForm } from './components/password-recovery-forms';
import { SignInForm } from './components/sign-in-form';
import { SignUpForm } from './components/sign-up-form';

/** The page the visitor asked for before signing in, or null: then where this user starts (landingPath). */
const storedReturnPath = () => safeReturnPath(sessionStorage.getItem(RETURN_TO_KEY));

const tabClass =
  'flex-1 cursor-pointer rounded-md px-3 py-2 text-sm font-medium text-slate-600 data-[state=active]:bg-white data-[state=active]:text-brand-900 data-[state=active]:shadow-sm';

/** /auth: Sign In and Sign Up. */
export function SignInPage() {
  const status = useSession((s) => s.status);
  const navigate = useNavigate();
  const [returnPath] = useState(storedReturnPath);
  const [tab, setTab] = useState('sign-in');
  const [signedUpEmail, setSignedUpEmail] = useState('');
  const [forgot, setForgot] = useState(false);
  const [params] = useSearchParams();
  const recoveryToken = params.get('type') === 'recovery' ? params.get('token') : null;
  // Set while the form signs in, so the signed-in re-render does not redirect a second time.
  const signingIn = useRef(false);

  if (status === 'signed-in' && !signingIn.current) {
    sessionStorage.removeItem(RETURN_TO_KEY);
    return <Navigate to={returnPath ?? landingPath(useSession.getState().user)} replace />;
  }

  const signInPanel = forgot ? (
    <ForgotPasswordForm onDone={() => setForgot(false)} />
  ) : (
    <>
      <SignInForm
        key={signedUpEmail}
        initialEmail={signedUpEmail}
        onForgotPassword={() => setForgot(true)}
        onStart={() => (signingIn.current = true)}
        onSignedIn={() => {
          sessionStorage.removeItem(RETURN_TO_KEY);
          navigate(returnPath ?? landingPath(useSession.getState().user), { replace: true });
        }}
      />
      <ExternalSignInButtons />
    </>
  );

  const tabs = (
    <Tabs.Root value={tab} onValueChange={setTab} className="mt-6">
      <Tabs.List aria-label="Sign in or sign up" className="flex gap-1 rounded-lg bg-slate-100 p-1">
        <Tabs.Trigger value="sign-in" className={tabClass}>
          Sign In
        </Tabs.Trigger>
        <Tabs.Trigger value="sign-up" className={tabClass}>
          Sign Up
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="sign-in" className="mt-6">
        {signInPanel}
      </Tabs.Content>
      <Tabs.Content value="sign-up" className="mt-6">
        <SignUpForm
          onSignedUp={(email) => {
            setSignedUpEmail(email);
            setTab('sign-in');
          }}
        />
      </Tabs.Content>
    </Tabs.Root>
  );

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-12">
      <div className="rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <div className="flex flex-col items-center text-center">
          <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <LogIn className="h-6 w-6" aria-hidden />
          </span>
          {/* The spec names the screen's tabs (Sign In, Sign Up) but no title: the header's 'Agent Login' for signing in, its sign-up twin for signing up. */}
          <h1 className="mt-3 text-2xl font-bold text-brand-900">{tab === 'sign-up' && !recoveryToken ? 'Agent Sign Up' : 'Agent Login'}</h1>
        </div>
        {recoveryToken ? (
          <div className="mt-6">
            <RecoveryForm token={recoveryToken} onDone={() => navigate('/auth', { replace: true })} />
          </div>
        ) : (
          tabs
        )}
      </div>
    </div>
  );
}
