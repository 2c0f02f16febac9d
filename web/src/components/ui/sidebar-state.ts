import { createContext, useContext } from 'react';

export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 7;
export const SIDEBAR_SHORTCUT = 'b';
export const MOBILE_BREAKPOINT_PX = 768;

export type SidebarContextValue = {
  /** Desktop: expanded (true) or icon mode (false). */
  open: boolean;
  /** Mobile: the slide-over is showing. */
  openMobile: boolean;
  isMobile: boolean;
  setOpenMobile(open: boolean): void;
  toggle(): void;
};

export const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  const value = useContext(SidebarContext);
  if (!value) throw new Error('useSidebar must be used inside SidebarProvider');
  return value;
}

export function readSidebarCookie(cookie: string): boolean | null {
  const match = cookie.match(new RegExp(`(?:^|;\\s*)${SIDEBAR_COOKIE}=(true|false)`));
  return match ? match[1] === 'true' : null;
}

export function writeSidebarCookie(open: boolean): void {
  document.cookie = `${SIDEBAR_COOKIE}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_SECONDS}; samesite=lax`;
}
