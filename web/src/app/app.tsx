import { RouterProvider } from 'react-router-dom';
import { createQueryClient } from '@/lib/query-client';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

// One client for the screens and for the route loaders that start their requests.
const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
