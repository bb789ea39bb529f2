import { RouterProvider } from '@/shared/routes/router/react';
import { MaintenanceGate } from './maintenance-gate';
import { AppProviders } from './providers';
import type { AppRouter } from './router';

export function App({ router }: { router: AppRouter }) {
  return (
    <AppProviders>
      <MaintenanceGate>
        <RouterProvider router={router} />
      </MaintenanceGate>
    </AppProviders>
  );
}
