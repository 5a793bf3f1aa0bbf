import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireOrganization } from '../../app/route-guards';

/** Every route below works in the active organization (docs/product.md 2), found in the route context. */
export const Route = createFileRoute('/_signedIn/_withOrganization')({
  // Nothing to split: the component is the router's Outlet, already in the entry. Split, it was
  // a request of its own before every signed-in screen (docs/performance.md "Bytes on the wire").
  codeSplitGroupings: [],
  beforeLoad: requireOrganization,
  component: Outlet,
});
