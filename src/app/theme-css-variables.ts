import {
  convertCssVariables,
  DEFAULT_THEME,
  deepMerge,
  defaultCssVariablesResolver,
  mergeMantineTheme,
  type ConvertCSSVariablesInput,
} from '@mantine/core';
import { cssVariablesResolver, theme } from './theme';

/**
 * The theme's CSS variables as MantineProvider would inject them, for index.html at build
 * (vite.config.ts; src/main.tsx sets `withCssVariables={false}`): computing and deduplicating
 * them at start was a tenth of the first render on a slow phone (docs/performance.md "Bytes on
 * the wire"). The same steps as Mantine's MantineCssVariables: the default resolver on the
 * merged theme, our resolver over it, then only what differs from Mantine's defaults, which
 * default-css-variables.css (imported by src/main.tsx) already holds.
 */
export function themeCssVariables(): string {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const ours: ConvertCSSVariablesInput = deepMerge(
    defaultCssVariablesResolver(merged),
    cssVariablesResolver(merged),
  );
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
  const differing = (scheme: keyof ConvertCSSVariablesInput) =>
    Object.fromEntries(
      Object.entries(ours[scheme]).filter(
        ([name, value]) => (defaults[scheme] as Record<string, string>)[name] !== value,
      ),
    );
  return convertCssVariables({
    variables: differing('variables'),
    light: differing('light'),
    dark: differing('dark'),
  });
}
