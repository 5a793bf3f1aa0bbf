import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireSession } from '../app/route-guards';

/** Every route below needs a session (docs/product.md 6); the session travels in the route context. */
export const Route = createFileRoute('/_signedIn')({
  // Nothing to split: the component is the router's Outlet, already in the entry. Split, it was
  // a request of its own before every signed-in screen (docs/performance.md "Bytes on the wire").
  codeSplitGroupings: [],
  beforeLoad: requireSession,
  component: Outlet,
});
