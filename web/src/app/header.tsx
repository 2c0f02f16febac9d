import { ExternalLink, KeyRound, LifeBuoy, Menu, ShieldCheck } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink } from 'react-router-dom';

import { Button } from '../components/ui/button';
import site from '../content/site.json';
import { cn } from '../lib/cn';
import { useAccessDialog } from './access-dialog-store';
import { useHelpRequestDialog } from './help-request-dialog-store';
import { useSession } from './session-store';

// The menu (Radix, floating-ui) is loaded only once someone is signed in: most visitors of the public pages are not.
const UserMenu = lazy(() => import('./user-menu').then((module) => ({ default: module.UserMenu })));

const NAV = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/contacts', label: 'Contacts' },
];

export function Logo() {
  return (
    <Link to="/" className="flex min-w-0 items-center gap-2 font-semibold text-brand-900" aria-label={`${site.productName} home`}>
      <img src="/favicon.svg" alt="" className="h-8 w-8 shrink-0" />
      <span className="truncate text-lg">{site.productName}</span>
    </Link>
  );
}

export function Header() {
  const status = useSession((s) => s.status);
  const user = useSession((s) => s.user);
  const [open, setOpen] = useState(false);
  const openAccessDialog = useAccessDialog((s) => s.open);
  const openHelp = useHelpRequestDialog((s) => s.show);
  const isCompanyUser = Boolean(user?.isMicrosoftUser);

  const links = (
    <>
      {NAV.map((item) => (
        <NavLink
          key={item.to}
          to={item.to}
          end
          className={({ isActive }) => cn('rounded-md px-3 py-2 text-sm font-medium hover:bg-slate-100', isActive ? 'text-brand-700' : 'text-slate-700')}
        >
          {item.label}
        </NavLink>
      ))}
      {!isCompanyUser && (
        <a
          href={site.becomeAgentUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
        >
          Become an Agent <ExternalLink className="h-3.5 w-3.5" aria-hidden />
        </a>
      )}
    </>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:gap-4">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {links}
        </nav>
        {/* On a phone the buttons shrink to icons, so the menu button always fits beside the name. */}
        <div className="flex shrink-0 items-center gap-1 sm:gap-2">
          {status === 'signed-in' && user ? (
            <>
              {user.isMicrosoftUser || user.hasElevatedAccess ? (
                <span className="inline-flex items-center text-sm font-medium text-emerald-700" title="Full Access Unlocked">
                  <ShieldCheck className="h-5 w-5 sm:hidden" aria-hidden />
                  <span className="sr-only sm:not-sr-only">Full Access Unlocked</span>
                </span>
              ) : (
                <Button size="sm" variant="outline" className="px-2 sm:px-3" title="Unlock Access" onClick={() => openAccessDialog({ kind: 'unlock' })}>
                  <KeyRound className="h-4 w-4" aria-hidden /> <span className="sr-only sm:not-sr-only">Unlock Access</span>
                </Button>
              )}
              <Button size="sm" variant="ghost" className="px-2 sm:px-3" title="Submit Help Request" onClick={() => openHelp()}>
                <LifeBuoy className="h-4 w-4" aria-hidden /> <span className="sr-only lg:not-sr-only">Get Help</span>
              </Button>
              <Suspense fallback={<span className="px-3 py-2 text-sm font-medium text-slate-800">{user.displayName ?? user.email}</span>}>
                <UserMenu user={user} />
              </Suspense>
            </>
          ) : (
            <Button asChild size="sm">
              <Link to="/auth">Agent Login</Link>
            </Button>
          )}
          <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
            <Menu className="h-5 w-5" />
          </Button>
        </div>
      </div>
      {open && (
        <nav aria-label="Main mobile" className="flex flex-col gap-1 border-t border-slate-200 px-4 py-2 md:hidden" onClick={() => setOpen(false)}>
          {links}
        </nav>
      )}
    </header>
  );
}
