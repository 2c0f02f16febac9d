import {
  BarChart3,
  BookOpen,
  CircleDollarSign,
  CreditCard,
  FileText,
  FlaskConical,
  FolderOpen,
  GraduationCap,
  HandCoins,
  Home,
  Inbox,
  KeyRound,
  Landmark,
  LifeBuoy,
  Link2,
  ListChecks,
  MailCheck,
  Megaphone,
  MessageCircleQuestion,
  Plug,
  ScrollText,
  Send,
  ShieldAlert,
  ShoppingCart,
  Store,
  Target,
  Ticket,
  Undo2,
  Users,
  UsersRound,
  Wallet,
  type LucideIcon,
} from 'lucide-react';

export type MenuItem = {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Shown only to SAT leaders and admins (the page refuses everyone else). */
  leadersOnly?: boolean;
};

/**
 * The signed-in areas (spec: Shell), in the sidebar and the header's user menu, with what a new
 * agent looks for beside them: Buy Leads (Campaigns' dialog), Groups and Payment Methods.
 */
export const MENU: MenuItem[] = [
  { to: '/', label: 'Main Menu', icon: Home },
  { to: '/dashboard', label: 'Dashboard', icon: BarChart3 },
  { to: '/training', label: 'Training', icon: BookOpen },
  { to: '/campaigns?buy=1', label: 'Buy Leads', icon: ShoppingCart },
  { to: '/campaigns', label: 'Campaigns', icon: Megaphone },
  { to: '/leads', label: 'Leads', icon: Target },
  { to: '/my-leads', label: 'My Leads', icon: ListChecks },
  { to: '/groups', label: 'Groups', icon: Users },
  { to: '/profile', label: 'Banking', icon: Landmark },
  { to: '/wallet', label: 'Wallet', icon: Wallet },
  { to: '/bonus-statements', label: 'Bonus Statements', icon: FileText },
  { to: '/payment-methods', label: 'Payment Methods', icon: CreditCard },
  { to: '/transfers', label: 'Transfers', icon: Send },
  { to: '/integrations', label: 'Integrations', icon: Plug },
  { to: '/my-tickets', label: 'My Tickets', icon: Ticket },
  { to: '/resources', label: 'Resources', icon: FolderOpen },
  { to: '/training-team', label: 'Team Training', icon: GraduationCap, leadersOnly: true },
  { to: '/testing', label: 'Testing', icon: FlaskConical },
];

/** The signed-in areas this user may open. */
export function menuFor(user: { readonly isAdmin: boolean; readonly isSatLeader: boolean } | null): MenuItem[] {
  return MENU.filter((item) => !item.leadersOnly || user?.isAdmin === true || user?.isSatLeader === true);
}

/** The admin pages, shown to admins only. */
export const ADMIN_MENU: MenuItem[] = [
  { to: '/help-requests', label: 'Help Requests', icon: LifeBuoy },
  { to: '/admin/users', label: 'Users', icon: UsersRound },
  { to: '/admin/access-codes', label: 'Access Codes', icon: KeyRound },
  { to: '/admin/approved-emails', label: 'Approved Emails', icon: MailCheck },
  { to: '/admin/lead-vendors', label: 'Lead Vendors', icon: Store },
  { to: '/admin/lead-prices', label: 'Lead Prices', icon: CircleDollarSign },
  { to: '/admin/lead-returns', label: 'Lead Returns', icon: Undo2 },
  { to: '/admin/bonus-runs', label: 'Bonus Runs', icon: HandCoins },
  { to: '/admin/prep-course', label: 'Prep Course', icon: GraduationCap },
  { to: '/admin/assistant', label: 'Assistant Questions', icon: MessageCircleQuestion },
  { to: '/admin/resources', label: 'Resources', icon: Link2 },
  { to: '/admin/announcements', label: 'Announcements', icon: Megaphone },
  { to: '/admin/outbox', label: 'Mail Outbox', icon: Inbox },
  { to: '/admin/security', label: 'Security', icon: ShieldAlert },
  { to: '/admin/audit', label: 'Audit', icon: ScrollText },
];

/** Up to two initials of a display name; 'U' (for User) when there is none. */
export function initials(name: string | null | undefined): string {
  const letters = (name ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
  return letters || 'U';
}
