/**
 * The URL pattern a route file answers (TanStack's file routes, src/routes): pathless layouts
 * (`_signedIn`) and `index` add nothing, `$param` is one segment, `.` separates segments as `/`
 * does. Null for the root, the layouts and files that are not routes. The build's signed-in
 * preload (vite.config.ts) matches the opening path against these.
 */
export function routeFilePattern(file: string): RegExp | null {
  const route = /\/src\/routes\/(.+)\.tsx$/.exec(file)?.[1];
  const parts = route?.split(/[/.]/) ?? [];
  // The root and the pathless layouts (`_write.tsx`) open no path of their own.
  if (parts.length === 0 || parts.at(-1)!.startsWith('_')) return null;
  const segments = parts
    .filter((segment) => !segment.startsWith('_') && segment !== 'index')
    .map((segment) => (segment.startsWith('$') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^/${segments.join('/')}/?$`);
}
