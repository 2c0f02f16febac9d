import { FolderOpen, GraduationCap, Lock, PlayCircle, Target, type LucideIcon } from 'lucide-react';
import { useNavigate } from 'react-router-dom';

import { useSession } from '../../app/session-store';
import { toast } from '../../components/ui/toast-store';
import site from '../../content/site.json';

const ICONS: Record<string, LucideIcon> = { 'graduation-cap': GraduationCap, target: Target, 'play-circle': PlayCircle, 'folder-open': FolderOpen };

const SIGN_IN_MESSAGES: Record<string, string> = {
  leads: 'Please log in to access Lead Management.',
  training: 'Please log in to access agent training.',
  resources: 'Please log in to access resources.',
};

export function HomePage() {
  const navigate = useNavigate();
  const status = useSession((s) => s.status);
  const user = useSession((s) => s.user);
  // A signed-in agent without a work account or a code: every tile but Onboarding asks for a code first.
  const needsCode = status === 'signed-in' && !!user && !user.isMicrosoftUser && !user.hasElevatedAccess;

  const open = (tileId: string) => {
    if (tileId === 'onboarding') return navigate('/onboarding');
    if (status !== 'signed-in') {
      toast({ title: 'Authentication Required', description: SIGN_IN_MESSAGES[tileId], variant: 'destructive' });
      return;
    }
    // Lead Management is the work account's lead sites (/leads); everyone else buys leads on Campaigns, so no tile opens a refusal.
    if (tileId === 'leads') return navigate(user?.isMicrosoftUser ? '/leads' : '/campaigns');
    if (tileId === 'resources') return navigate('/resources');
    // The schedule of the agent's office (chosen on /training), with the training videos on it.
    if (tileId === 'training') return navigate('/training');
  };

  return (
    <div className="bg-gradient-to-b from-brand-50 to-slate-50">
      <section className="mx-auto max-w-6xl px-4 py-16 text-center">
        <h1 className="text-4xl font-bold tracking-tight text-brand-900 sm:text-5xl">{site.home.title}</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600">{site.home.tagline}</p>
      </section>
      <section aria-label="Sections" className="mx-auto grid max-w-6xl gap-6 px-4 pb-20 sm:grid-cols-2 lg:grid-cols-4">
        {site.home.tiles.map((tile) => {
          const Icon = ICONS[tile.icon] ?? FolderOpen;
          return (
            <button
              key={tile.id}
              type="button"
              data-tile={tile.id}
              onClick={() => open(tile.id)}
              className="group flex cursor-pointer flex-col items-start gap-3 rounded-xl border border-slate-200 bg-white p-6 text-left shadow-sm transition hover:-translate-y-0.5 hover:border-brand-500 hover:shadow-md"
            >
              <span className="flex h-12 w-12 items-center justify-center rounded-lg bg-brand-50 text-brand-700 group-hover:bg-brand-700 group-hover:text-white">
                <Icon className="h-6 w-6" aria-hidden />
              </span>
              <span className="text-lg font-semibold text-slate-900">{tile.title}</span>
              <span className="text-sm text-slate-600">{tile.description}</span>
              {needsCode && tile.id !== 'onboarding' && (
                <span
                  className="mt-auto inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-2.5 py-1 text-xs font-medium text-amber-900"
                  data-testid="tile-needs-code"
                >
                  <Lock className="h-3.5 w-3.5" aria-hidden /> Needs an access code
                </span>
              )}
            </button>
          );
        })}
      </section>
    </div>
  );
}
