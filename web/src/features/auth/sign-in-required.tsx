import { Link } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { useSession } from './stores/session-store';

/** Content of a public page in the portal shell whose tools need a signed-in agent. */
export function SignInRequired({ title, children }: { title: string; children?: React.ReactNode }) {
  const status = useSession((s) => s.status);
  if (status === 'signed-in') return <>{children}</>;
  return (
    <div className="mx-auto max-w-xl rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
      <h1 className="text-2xl font-bold text-brand-900">{title}</h1>
      <p className="mt-3 text-slate-600">Sign in as an agent to use these tools.</p>
      <Button asChild className="mt-6">
        <Link to="/auth">Agent Login</Link>
      </Button>
    </div>
  );
}
