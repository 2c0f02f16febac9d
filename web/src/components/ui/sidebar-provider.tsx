import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';

import { useMediaQuery } from '../../lib/use-media-query';
import { MOBILE_BREAKPOINT_PX, readSidebarCookie, SIDEBAR_SHORTCUT, SidebarContext, writeSidebarCookie, type SidebarContextValue } from './sidebar-state';

/** Sidebar open/collapsed state, remembered in a cookie for 7 days; Ctrl/Cmd+B toggles it. */
export function SidebarProvider({ children }: { children: ReactNode }) {
  const isMobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);
  const [open, setOpen] = useState(() => readSidebarCookie(document.cookie) ?? true);
  const [openMobile, setOpenMobile] = useState(false);

  const toggle = useCallback(() => {
    if (isMobile) {
      setOpenMobile((v) => !v);
      return;
    }
    setOpen((v) => {
      writeSidebarCookie(!v);
      return !v;
    });
  }, [isMobile]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === SIDEBAR_SHORTCUT && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  const value = useMemo<SidebarContextValue>(() => ({ open, openMobile, isMobile, setOpenMobile, toggle }), [open, openMobile, isMobile, toggle]);
  return (
    <SidebarContext.Provider value={value}>
      <div data-sidebar-state={open ? 'expanded' : 'collapsed'} className="flex min-h-screen w-full">
        {children}
      </div>
    </SidebarContext.Provider>
  );
}
