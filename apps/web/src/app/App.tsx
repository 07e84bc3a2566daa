import { createBrowserRouter, RouterProvider } from 'react-router';
import { Providers } from './Providers';
import { buildRoutes } from './router';

const router = createBrowserRouter(buildRoutes());

export function App() {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
