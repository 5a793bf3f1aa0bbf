import { Component, Suspense, type ReactNode } from 'react';

interface State {
  failed: boolean;
}

/**
 * A lazily loaded part a screen can do without (a dialog not open yet): while it loads it
 * shows nothing, and if its chunk cannot be fetched (no service worker yet, a deploy that
 * removed the old chunks) it stays away instead of the route's error screen replacing the
 * whole screen, and with it what the user was typing.
 */
export class OptionalPart extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.warn('[boligtilgængelighed] an optional part failed to load', error);
  }

  override render() {
    return this.state.failed ? null : <Suspense fallback={null}>{this.props.children}</Suspense>;
  }
}
