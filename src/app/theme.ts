import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

// A blue whose shades 6-9 keep at least 4.5:1 contrast against white (WCAG AA).
const brand: MantineColorsTuple = [
  '#e8f1fa',
  '#cfe0f2',
  '#a0c0e4',
  '#6c9ed6',
  '#4382ca',
  '#2b70c2',
  '#1c5d99',
  '#184f83',
  '#13416c',
  '#0d3155',
];

/**
 * docs/product.md 9 breakpoints: xxs 321, xs 360, sm 640, md 768, lg 1024, xl 1280, 2xl 1440,
 * 3xl 1920 (px; in em of 16 px, as Mantine's own).
 */
export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 6,
  colors: { brand },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  breakpoints: {
    xxs: '20.0625em',
    xs: '22.5em',
    sm: '40em',
    md: '48em',
    lg: '64em',
    xl: '80em',
    '2xl': '90em',
    '3xl': '120em',
  },
  focusRing: 'always',
  cursorType: 'pointer',
  // A user who asked the system for less motion (vestibular disorders; WCAG 2.3.3) gets dialogs,
  // menus and toasts without their transitions, as the question slide already respects it.
  respectReducedMotion: true,
  components: {
    Button: { defaultProps: { radius: 'md' } },
    // A dialog's title bar is a div, not Mantine's <header>: a header inside a role="dialog"
    // section is a second banner landmark beside the app's (axe landmark-no-duplicate-banner),
    // and the dialog is already named by its title. The look comes from Mantine's classes.
    ModalHeader: { defaultProps: { component: 'div' } },
    // Dialogs fade in where they stand: Mantine's default slides them 20 px down as they open,
    // and a tap the moment a dialog shows could land beside a button that was still moving
    // ("Luk" on a guidance tip, in a CI run on a loaded machine).
    Modal: { defaultProps: { transitionProps: { transition: 'fade', duration: 150 } } },
    DrawerHeader: { defaultProps: { component: 'div' } },
  },
});

/** Mantine's default dimmed grey is below 4.5:1 on white; ours keeps WCAG AA contrast. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
