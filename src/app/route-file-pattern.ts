/**
 * The path a route file answers, its parameters as `$name` segments (TanStack's file routes,
 * src/routes): pathless layouts (`_signedIn`) and `index` add nothing, `.` separates segments
 * as `/` does. Null for the root, the layouts and files that are not routes.
 */
export function routeFilePath(file: string): string | null {
  const route = /\/src\/routes\/(.+)\.tsx$/.exec(file)?.[1];
  const parts = route?.split(/[/.]/) ?? [];
  // The root and the pathless layouts (`_write.tsx`) open no path of their own.
  if (parts.length === 0 || parts.at(-1)!.startsWith('_')) return null;
  return `/${parts.filter((segment) => !segment.startsWith('_') && segment !== 'index').join('/')}`;
}

/**
 * The URL pattern a route file answers, `$param` being one segment. The build's signed-in
 * preload (vite.config.ts) matches the opening path against these.
 */
export function routeFilePattern(file: string): RegExp | null {
  const path = routeFilePath(file);
  if (path === null) return null;
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith('$') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^/${segments.join('/')}/?$`);
}
