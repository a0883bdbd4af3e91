import { Outlet } from 'react-router';
import { RequireAdmin } from '@client/features/auth/components/require-auth';

/** /app/admin/*: admins only; everyone else goes back to /app. */
export function AdminLayoutRoute() {
  return (
    <RequireAdmin>
      <Outlet />
    </RequireAdmin>
  );
}
