import { Drawer, Modal } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';

function Dialogs() {
  return (
    <>
      <Modal opened onClose={() => undefined} title="A dialog">
        body
      </Modal>
      <Drawer opened onClose={() => undefined} title="A drawer">
        body
      </Drawer>
    </>
  );
}

describe('dialog close buttons', () => {
  it('have a translated accessible name by default (English)', async () => {
    await renderWithProviders(<Dialogs />);
    expect(await screen.findAllByRole('button', { name: 'Close' })).toHaveLength(2);
  });

  it('have a translated accessible name by default (Urdu)', async () => {
    await renderWithProviders(<Dialogs />, { language: 'ur_alt' });
    expect(await screen.findAllByRole('button', { name: 'بند کریں' })).toHaveLength(2);
  });
});
