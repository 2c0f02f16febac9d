import { Outlet } from 'react-router-dom';

import { AssistantLauncher } from './assistant-launcher';
import { Footer } from './footer';
import { Header } from './header';
import { RouteGuard } from './route-guard';
import { CONTENT_ID, SkipLink } from './skip-link';

export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <Header />
      <main id={CONTENT_ID} tabIndex={-1} className="flex-1 outline-none">
        <RouteGuard>
          <Outlet />
        </RouteGuard>
      </main>
      <Footer />
      <AssistantLauncher />
    </div>
  );
}
