import { Button, Modal } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Providers } from '../app/Providers';
import { useFocusHome } from './focus-rescue';

/**
 * An invoice-like page: « Enregistrer un paiement » opens a dialog whose answer draws the actions anew
 * (a new button with the same name), or takes the button away (the invoice is settled).
 */
function Page({ removes, home = false }: { removes: boolean; home?: boolean }) {
  useFocusHome(home ? '.grille [tabindex="0"]' : '.nothing');
  const [open, setOpen] = useState(false);
  const [round, setRound] = useState(0);
  return (
    <main>
      <h2>Facture FA-2026-0005</h2>
      <div className="grille">
        <button type="button" tabIndex={0}>
          Salle Voltaire, 10:00
        </button>
      </div>
      {!(removes && round > 0) && (
        <Button key={round} onClick={() => setOpen(true)}>
          Enregistrer un paiement
        </Button>
      )}
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title="Enregistrer un paiement"
        transitionProps={{ duration: 0 }}
      >
        <Button
          onClick={() => {
            setRound((r) => r + 1);
            setOpen(false);
          }}
        >
          Enregistrer
        </Button>
      </Modal>
    </main>
  );
}

async function payThroughTheDialog() {
  const opener = screen.getByRole('button', { name: 'Enregistrer un paiement' });
  opener.focus();
  fireEvent.click(opener);
  fireEvent.click(await screen.findByRole('button', { name: 'Enregistrer' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

describe('the focus after a dialog whose opener the answer removed', () => {
  it('goes to the same button drawn anew', async () => {
    render(
      <Providers>
        <Page removes={false} />
      </Providers>,
    );
    await payThroughTheDialog();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Enregistrer un paiement' })).toHaveFocus(),
    );
  });

  it('goes to the page heading when nothing bears its name', async () => {
    render(
      <Providers>
        <Page removes />
      </Providers>,
    );
    await payThroughTheDialog();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Facture FA-2026-0005' })).toHaveFocus());
  });

  it('goes to the place the screen names as its own, before the heading', async () => {
    render(
      <Providers>
        <Page removes home />
      </Providers>,
    );
    await payThroughTheDialog();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Salle Voltaire, 10:00' })).toHaveFocus());
  });
});
