import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireWrite } from '../../../app/route-guards';
import { NotFoundScreen } from '../../../ui/not-found-screen';

/** docs/product.md 2 and 6: the routes below are for the write role; everyone else sees the 404 page. */
export const Route = createFileRoute('/_signedIn/_withOrganization/_write')({
  beforeLoad: ({ context }) => requireWrite(context.session),
  notFoundComponent: NotFoundScreen,
  component: Outlet,
});
