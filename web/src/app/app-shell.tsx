import * as DialogPrimitive from '@radix-ui/react-dialog';
import {
  BarChart3,
  Home,
  Landmark,
  LogIn,
  Megaphone,
  PanelLeft,
  Plug,
  Target,
  Ticket,
  FlaskConical,
  ShieldAlert,
  ScrollText,
  UsersRound,
  Inbox,
  KeyRound,
  MailCheck,
  type LucideIcon,
} from 'lucide-react';
import { Link, NavLink, Outlet } from 'react-router-dom';
import { Button } from '../components/ui/button';
import { SidebarProvider } from '../components/ui/sidebar-provider';
import { useSidebar } from '../components/ui/sidebar-state';
import site from '../content/site.json';
import { useSession } from '../features/auth/stores/session-store';
import { cn } from '../lib/cn';

const MENU: { to: string; label: string; icon: LucideIcon }[] = [
  { to: '/', label: 'Main Menu', icon: Home },
  { to: '/dashboard', label: 'Dashboard', icon: BarChart3 },
  { to: '/campaigns', label: 'Campaigns', icon: Megaphone },
  { to: '/leads', label: 'Leads', icon: Target },
  { to: '/profile', label: 'Banking', icon: Landmark },
  { to: '/integrations', label: 'Integrations', icon: Plug },
  { to: '/my-tickets', label: 'My Tickets', icon: Ticket },
  { to: '/testing', label: 'Testing', icon: FlaskConical },
];

const ADMIN_MENU: { to: string; label: string; icon: LucideIcon }[] = [
  { to: '/admin/users', label: 'Users', icon: UsersRound },
  { to: '/admin/access-codes', label: 'Access Codes', icon: KeyRound },
  { to: '/admin/approved-emails', label: 'Approved Emails', icon: MailCheck },
  { to: '/admin/outbox', label: 'Mail Outbox', icon: Inbox },
  { to: '/admin/security', label: 'Security', icon: ShieldAlert },
  { to: '/admin/audit', label: 'Audit', icon: ScrollText },
];

function initials(name: string | null | undefined): string {
  const letters = (name ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
  return letters || 'U';
}

function SidebarBody({ compact }: { compact: boolean }) {
  const user = useSession((s) => s.user);
  return (
    <div className="flex h-full flex-col">
      <div className={cn('flex h-14 items-center border-b border-slate-200', compact ? 'justify-center' : 'px-4')}>
        <Link to="/" className="flex items-center gap-2 font-semibold text-brand-900" aria-label={`${site.productName} home`}>
          <img src="/favicon.svg" alt="" className="h-7 w-7" />
          {!compact && <span>{site.productName}</span>}
        </Link>
      </div>
      <nav aria-label="Portal" className="flex-1 space-y-1 overflow-y-auto p-2">
        {[...MENU, ...(user?.isAdmin ? ADMIN_MENU : [])].map(({ to, label, icon: Icon }) => (
          <NavLink
            key={to}
            to={to}
            end
            title={compact ? label : undefined}
            className={({ isActive }) =>
              cn(
                'flex items-center gap-3 rounded-md px-2 py-2 text-sm font-medium',
                compact && 'justify-center',
                isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100',
              )
            }
          >
            <Icon className="h-4 w-4 shrink-0" aria-hidden />
            <span className={cn(compact && 'sr-only')}>{label}</span>
          </NavLink>
        ))}
      </nav>
      <div className="border-t border-slate-200 p-3">
        {user ? (
          <div className={cn('flex items-center gap-3', compact && 'justify-center')}>
            <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-700 text-xs font-semibold text-white">
              {initials(user.displayName)}
            </span>
            {!compact && (
              <div className="min-w-0 text-sm">
                <p className="truncate font-medium">{user.displayName ?? 'User'}</p>
                <p className="truncate text-slate-500">{user.email}</p>
              </div>
            )}
          </div>
        ) : (
          <Button asChild variant="outline" size="sm" className={cn('w-full', compact && 'px-0')}>
            <Link to="/auth" title="Agent Login">
              <LogIn className="h-4 w-4" aria-hidden />
              <span className={cn(compact && 'sr-only')}>Agent Login</span>
            </Link>
          </Button>
        )}
      </div>
    </div>
  );
}

function Sidebar() {
  const { open, openMobile, isMobile, setOpenMobile } = useSidebar();
  if (isMobile) {
    return (
      <DialogPrimitive.Root open={openMobile} onOpenChange={setOpenMobile}>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/40" />
          <DialogPrimitive.Content
            aria-describedby={undefined}
            data-testid="sidebar-mobile"
            className="fixed inset-y-0 left-0 z-50 w-[var(--sidebar-width-mobile)] bg-white shadow-xl"
          >
            <DialogPrimitive.Title className="sr-only">Portal menu</DialogPrimitive.Title>
            <SidebarBody compact={false} />
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
    );
  }
  return (
    <aside
      data-testid="sidebar"
      data-state={open ? 'expanded' : 'collapsed'}
      className={cn(
        'sticky top-0 h-screen shrink-0 border-r border-slate-200 bg-white transition-[width] duration-200',
        open ? 'w-[var(--sidebar-width)]' : 'w-[var(--sidebar-width-icon)]',
      )}
    >
      <SidebarBody compact={!open} />
    </aside>
  );
}

function TopBar() {
  const { toggle } = useSidebar();
  return (
    <div className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-slate-200 bg-white px-4">
      <Button variant="ghost" size="icon" aria-label="Toggle sidebar" title="Toggle sidebar (Ctrl+B)" onClick={toggle}>
        <PanelLeft className="h-5 w-5" />
      </Button>
    </div>
  );
}

/** The layout of the signed-in areas: sidebar, top bar, page. */
export function AppShell() {
  return (
    <SidebarProvider>
      <Sidebar />
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar />
        <main className="flex-1 p-4 md:p-6">
          <Outlet />
        </main>
      </div>
    </SidebarProvider>
  );
}
