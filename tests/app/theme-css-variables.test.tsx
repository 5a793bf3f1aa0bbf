// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from '../../src/app/theme';
import { themeCssVariables } from '../../src/app/theme-css-variables';
import { fillJsdomGaps } from './test-render';

beforeAll(fillJsdomGaps);
afterEach(cleanup);

describe('the theme variables written into index.html at build', () => {
  it('are exactly what MantineProvider would inject at start', () => {
    render(
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <p>x</p>
      </MantineProvider>,
    );
    const injected = document.querySelector('style[data-mantine-styles]')?.innerHTML;
    expect(injected).toBeTruthy();
    expect(themeCssVariables()).toBe(injected);
    // The brand colour and the accessible dimmed grey are among them.
    expect(themeCssVariables()).toContain(
      '--mantine-primary-color-filled: var(--mantine-color-brand-filled)',
    );
    expect(themeCssVariables()).toContain('--mantine-color-dimmed: var(--mantine-color-gray-7)');
  });
});
