import { useQuery } from '@tanstack/react-query';
import { staticContentQueryOptions } from './get-static-content';

/**
 * Whether the server answers one of our calls beyond the spec's API: it names it in
 * staticcontent's `extensions` (docs/api.md "Extensions"). A server with only the spec's API
 * names none, and the app hides what needs them.
 */
export function useHasExtension(name: string): boolean {
  const { data } = useQuery({
    ...staticContentQueryOptions(),
    select: (content) => content.extensions?.includes(name) ?? false,
  });
  return data ?? false;
}
