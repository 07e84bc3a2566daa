import { Modal, Select } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Providers } from './Providers';

function TypeSelect() {
  const [value, setValue] = useState<string | null>('TC');
  return (
    <Select
      label="Type"
      data={[
        { value: 'TC', label: 'Tenue classique' },
        { value: 'AUT', label: 'Autre' },
      ]}
      value={value}
      onChange={setValue}
    />
  );
}

describe('theme defaults (issue 7)', () => {
  it('keeps the selected option when it is chosen again', async () => {
    render(
      <Providers>
        <TypeSelect />
      </Providers>,
    );
    const input = screen.getByRole('textbox', { name: 'Type' });
    await userEvent.click(input);
    await userEvent.click(await screen.findByRole('option', { name: 'Tenue classique', hidden: true }));
    expect(input).toHaveValue('Tenue classique');
  });

  it('names the close button of a modal', async () => {
    render(
      <Providers>
        <Modal opened onClose={() => {}} title="Nouvelle salle">
          contenu
        </Modal>
      </Providers>,
    );
    expect(await screen.findByRole('button', { name: 'Fermer' })).toBeInTheDocument();
  });
});
