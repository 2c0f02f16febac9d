import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, LogOut, User } from 'lucide-react';
import { Link, useNavigate } from 'react-router-dom';
import { accessLabel, useSession, type SessionUser } from '../features/auth/stores/session-store';

export function UserMenu({ user }: { user: SessionUser }) {
  const signOut = useSession((s) => s.signOut);
  const navigate = useNavigate();
  const itemClass = 'flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-slate-100';
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="inline-flex max-w-[14rem] cursor-pointer items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100">
        <span className="truncate">{user.displayName ?? user.email}</span>
        <ChevronDown className="h-4 w-4 shrink-0" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className="z-50 min-w-[14rem] rounded-md border border-slate-200 bg-white p-1 shadow-lg">
          <DropdownMenu.Item disabled className="px-2 py-1.5 text-sm text-slate-500">
            {user.email}
          </DropdownMenu.Item>
          <DropdownMenu.Item disabled className="px-2 py-1.5 text-xs font-medium text-slate-500" data-testid="access-label">
            {accessLabel(user)}
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/profile">
              <User className="h-4 w-4" aria-hidden /> Profile
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
