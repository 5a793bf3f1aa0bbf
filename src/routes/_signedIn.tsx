import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireSession } from '../app/route-guards';

/** Every route below needs a session (docs/product.md 6); the session travels in the route context. */
export const Route = createFileRoute('/_signedIn')({
  beforeLoad: requireSession,
  component: Outlet,
});
