import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireOrganization } from '../../app/route-guards';

/** Every route below works in the active organization (docs/product.md 2), found in the route context. */
export const Route = createFileRoute('/_signedIn/_withOrganization')({
  beforeLoad: requireOrganization,
  component: Outlet,
});
