import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';

import { router } from './app/router';
import { Toaster } from './components/ui/toaster';
import { startSessionRealtime } from './features/auth/stores/session-realtime';
import { useSession } from './features/auth/stores/session-store';

import './index.css';

void useSession.getState().load();
startSessionRealtime();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
    <Toaster />
  </StrictMode>,
);
