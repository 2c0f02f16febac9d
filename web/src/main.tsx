import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';

import { router } from './app/router';
import { startSessionRealtime } from './app/session-realtime';
import { useSession } from './app/session-store';
import { Toaster } from './components/ui/toaster';

import './index.css';

void useSession.getState().load();
startSessionRealtime();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
    <Toaster />
  </StrictMode>,
);
