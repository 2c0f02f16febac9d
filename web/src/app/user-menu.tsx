import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, LogOut, User } from 'lucide-react';
import { Link, useNavigate } from 'react-router-dom';

import { ADMIN_MENU, initials, menuFor, type MenuItem } from './portal-menu';
import { accessLabel, useSession, type SessionUser } from './session-store';

const itemClass = 'flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-slate-100';
const labelClass = 'px-2 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-600';

function MenuLinks({ items }: { items: MenuItem[] }) {
  return items.map(({ to, label, icon: Icon }) => (
    <DropdownMenu.Item key={to} asChild className={itemClass}>
      <Link to={to}>
        <Icon className="h-4 w-4" aria-hidden /> {label}
      </Link>
    </DropdownMenu.Item>
  ));
}

/**
 * The signed-in user's menu in the public header: who is signed in, the access label, the
 * portal's areas (the sidebar layout) and, for admins, the admin pages; Banking (the profile page) and Sign Out.
 */
export function UserMenu({ user }: { user: SessionUser }) {
  const signOut = useSession((s) => s.signOut);
  const navigate = useNavigate();
  const name = user.displayName ?? user.email;
  return (
    // Not modal: a modal menu hides the page, its own trigger included, from assistive technology while focus stays on it.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="inline-flex min-w-0 max-w-[14rem] cursor-pointer items-center gap-1 rounded-md px-2 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 sm:px-3">
        <span aria-hidden className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-700 text-xs font-semibold text-white sm:hidden">
          {initials(user.displayName ?? user.email)}
        </span>
        <span className="sr-only truncate sm:not-sr-only">{name}</span>
        <ChevronDown className="h-4 w-4 shrink-0" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          className="z-50 max-h-[var(--radix-dropdown-menu-content-available-height)] min-w-[14rem] overflow-y-auto rounded-md border border-slate-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Item disabled className="px-2 py-1.5 text-sm text-slate-600">
            {user.email}
          </DropdownMenu.Item>
          <DropdownMenu.Item disabled className="px-2 py-1.5 text-xs font-medium text-slate-600" data-testid="access-label">
            {accessLabel(user)}
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Group aria-labelledby="user-menu-areas">
            <DropdownMenu.Label id="user-menu-areas" className={labelClass}>
              Portal
            </DropdownMenu.Label>
            <MenuLinks items={menuFor(user).filter((item) => item.to !== '/')} />
          </DropdownMenu.Group>
          {user.isAdmin && (
            <DropdownMenu.Group aria-labelledby="user-menu-admin">
              <DropdownMenu.Label id="user-menu-admin" className={labelClass}>
                Admin
              </DropdownMenu.Label>
              <MenuLinks items={ADMIN_MENU} />
            </DropdownMenu.Group>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/profile">
              <User className="h-4 w-4" aria-hidden /> Banking (profile)
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={itemClass}
            onSelect={() => {
              void signOut().then(() => navigate('/'));
            }}
          >
            <LogOut className="h-4 w-4" aria-hidden /> Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
