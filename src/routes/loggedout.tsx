import { createFileRoute } from '@tanstack/react-router';
import { LoggedOutScreen } from '../features/session/components/logged-out-screen';

export const Route = createFileRoute('/loggedout')({
  component: LoggedOutScreen,
});
