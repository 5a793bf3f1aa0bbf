// @vitest-environment jsdom
import { Drawer, MantineProvider, Modal } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { theme } from '../../src/app/theme';
import { fillJsdomGaps } from './test-render';

beforeAll(fillJsdomGaps);
afterEach(cleanup);

describe("the theme's dialogs", () => {
  it('have a title bar that is no banner landmark beside the app header, and are named by their title', () => {
    render(
      <MantineProvider theme={theme} env="test">
        <header>Appens top</header>
        <Modal opened onClose={() => {}} title="Hjælp til spørgsmålet">
          <p>Tekst</p>
        </Modal>
        <Drawer opened onClose={() => {}} title="Indhold">
          <p>Kapitler</p>
        </Drawer>
      </MantineProvider>,
    );
    expect(screen.getByRole('dialog', { name: 'Hjælp til spørgsmålet' })).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Indhold' })).toBeInTheDocument();
    for (const dialog of screen.getAllByRole('dialog')) expect(dialog.querySelector('header')).toBeNull();
    expect(screen.getAllByRole('banner')).toHaveLength(1);
  });
});
