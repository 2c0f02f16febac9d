import * as DialogPrimitive from '@radix-ui/react-dialog';
import { LifeBuoy, LogIn, LogOut, PanelLeft } from 'lucide-react';
import { Link, Outlet, useNavigate } from 'react-router-dom';

import { Button } from '../components/ui/button';
import { SidebarProvider } from '../components/ui/sidebar-provider';
import { useSidebar } from '../components/ui/sidebar-state';
import site from '../content/site.json';
import { AddCreditButton } from '../features/payments/components/add-credit-button';
import { cn } from '../lib/cn';
import { useReturnToast } from '../lib/use-return-toast';
import { AssistantLauncher } from './assistant-launcher';
import { FinanceMenu } from './finance-menu';
import { useHelpRequestDialog } from './help-request-dialog-store';
import { MenuLinks } from './menu-links';
import { ADMIN_MENU, initials, menuFor } from './portal-menu';
import { RouteGuard } from './route-guard';
import { useSession } from './session-store';
import { CONTENT_ID, SkipLink } from './skip-link';
import { WalletFigures } from './wallet-figures';

function SidebarFooter({ compact }: { compact: boolean }) {
  const user = useSession((s) => s.user);
  const signOut = useSession((s) => s.signOut);
  const navigate = useNavigate();
  if (!user) {
    return (
      <Button asChild variant="outline" size="sm" className={cn('w-full', compact && 'px-0')}>
        <Link to="/auth" title="Agent Login">
          <LogIn className="h-4 w-4" aria-hidden />
          <span className={cn(compact && 'sr-only')}>Agent Login</span>
        </Link>
      </Button>
    );
  }
  const name = user.displayName ?? 'User';
  return (
    <div className={cn('flex items-center gap-3', compact && 'flex-col gap-2')} data-testid="sidebar-user">
      <span aria-hidden className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-700 text-xs font-semibold text-white">
        {initials(user.displayName)}
      </span>
      <div className={cn('min-w-0 flex-1 text-sm', compact && 'sr-only')}>
        <p className="truncate font-medium">{name}</p>
        <p className="truncate text-slate-600">{user.email}</p>
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="shrink-0"
        aria-label="Sign Out"
        title="Sign Out"
        onClick={() => {
          void signOut().then(() => navigate('/'));
        }}
      >
        <LogOut className="h-4 w-4" aria-hidden />
      </Button>
    </div>
  );
}

/** Opens the Submit Help Request dialog, for any signed-in user. */
function HelpButton({ compact }: { compact: boolean }) {
  const show = useHelpRequestDialog((s) => s.show);
  return (
    <Button variant="outline" size="sm" className={cn('w-full', compact && 'px-0')} title="Submit Help Request" onClick={() => show()}>
      <LifeBuoy className="h-4 w-4" aria-hidden />
      <span className={cn(compact && 'sr-only')}>Submit Help Request</span>
    </Button>
  );
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
        <MenuLinks items={menuFor(user)} compact={compact} />
        {/* Finance before Admin: an admin's Wallets and Reconciliation stay in view without scrolling. */}
        {user && <FinanceMenu compact={compact} />}
        {user?.isAdmin && (
          <div role="group" aria-labelledby="sidebar-admin" className="space-y-1 pt-3">
            <p id="sidebar-admin" className={cn('px-2 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-600', compact && 'sr-only')}>
              Admin
            </p>
            <MenuLinks items={ADMIN_MENU} compact={compact} />
          </div>
        )}
      </nav>
      <div className={cn('space-y-3 border-t border-slate-200', compact ? 'px-1 py-3' : 'p-3')}>
        {user && <HelpButton compact={compact} />}
        <SidebarFooter compact={compact} />
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
            {/* A chosen page replaces the slide-over. */}
            <div className="h-full" onClick={(event) => (event.target as HTMLElement).closest('a') && setOpenMobile(false)}>
              <SidebarBody compact={false} />
            </div>
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
  const signedIn = useSession((s) => s.status === 'signed-in');
  return (
    <div className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-slate-200 bg-white px-4">
      <Button variant="ghost" size="icon" aria-label="Toggle sidebar" title="Toggle sidebar (Ctrl+B)" onClick={toggle}>
        <PanelLeft className="h-5 w-5" />
      </Button>
      <Link to="/" className="font-semibold text-brand-900 md:hidden">
        {site.productName}
      </Link>
      {signedIn && <WalletFigures />}
      <div className={signedIn ? 'flex shrink-0 items-center gap-2' : 'ml-auto flex items-center gap-2'}>
        <AddCreditButton />
      </div>
    </div>
  );
}

/** The layout of the signed-in areas: sidebar, top bar, page. */
/** Back from the card provider's page after a top-up, on whichever page it returned to (the spec's toasts). */
const PAYMENT_OUTCOMES = {
  success: { title: 'Payment Successful', description: 'Your balance has been updated.' },
  cancelled: { title: 'Payment Cancelled', description: 'The payment was cancelled. No money was taken.', variant: 'destructive' },
  failed: { title: 'Payment Failed', description: 'Unable to process payment. Please try again.', variant: 'destructive' },
  processing: { title: 'Payment Processing', description: 'Your bank is still processing the payment. Your balance updates when it completes.' },
} as const;

export function AppShell() {
  useReturnToast('payment', PAYMENT_OUTCOMES);
  return (
    <SidebarProvider>
      <SkipLink />
      <Sidebar />
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar />
        <main id={CONTENT_ID} tabIndex={-1} className="flex-1 p-4 outline-none md:p-6">
          <RouteGuard>
            <Outlet />
          </RouteGuard>
        </main>
      </div>
      <AssistantLauncher />
    </SidebarProvider>
  );
}
