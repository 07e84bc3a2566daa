import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../app/Providers';
import { createQueryClient } from '../app/query-client';
import { FileDropzone, type FileDropzoneProps } from './FileDropzone';

const MB = 1024 * 1024;

function renderZone(props: Partial<FileDropzoneProps> = {}) {
  const onDrop = vi.fn();
  const onReject = vi.fn();
  render(
    <Providers queryClient={createQueryClient()}>
      <FileDropzone
        label="Déposer les fichiers à publier"
        inputLabel="Choisir les fichiers du document"
        accept={{ 'application/pdf': ['.pdf'] }}
        types="PDF"
        maxBytes={2 * MB}
        onDrop={onDrop}
        onReject={onReject}
        {...props}
      />
    </Providers>,
  );
  return { onDrop, onReject, input: screen.getByLabelText('Choisir les fichiers du document') };
}

const pdf = (name: string, size = 10) => new File(['x'.repeat(size)], name, { type: 'application/pdf' });

describe('FileDropzone', () => {
  it('names the zone and its file input, says the types and the limit, and takes the keyboard focus', async () => {
    const { input } = renderZone({ multiple: true });
    const zone = screen.getByLabelText('Déposer les fichiers à publier');
    expect(screen.getByText('Déposez les fichiers ici ou cliquez pour les choisir')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription('PDF. 2 Mo au plus par fichier.');
    await userEvent.tab();
    expect(zone).toHaveFocus();
  });

  it('hands over the accepted files', async () => {
    const { onDrop, input } = renderZone({ multiple: true });
    await userEvent.upload(input, [pdf('a.pdf'), pdf('b.pdf')]);
    await waitFor(() => expect(onDrop).toHaveBeenCalled());
    expect((onDrop.mock.lastCall![0] as File[]).map((f) => f.name)).toEqual(['a.pdf', 'b.pdf']);
  });

  it('refuses a file too large or of another type, in French', async () => {
    const { onReject, onDrop, input } = renderZone({ tooLargeAdvice: 'Découpez-le.' });
    await userEvent.upload(input, pdf('gros.pdf', 3 * MB));
    await waitFor(() => expect(onReject).toHaveBeenCalled());
    expect(onReject.mock.lastCall![0]).toEqual([
      '« gros.pdf » dépasse la taille maximale de 2 Mo. Découpez-le.',
    ]);

    await userEvent.upload(input, new File(['x'], 'a.exe', { type: 'application/x-msdownload' }), {
      applyAccept: false,
    });
    await waitFor(() => expect(onReject).toHaveBeenCalledTimes(2));
    expect(onReject.mock.lastCall![0]).toEqual(["« a.exe » n'est pas d'un type accepté (PDF)."]);
    expect(onDrop).not.toHaveBeenCalledWith([expect.anything()]);
  });

  it('takes one file when it is not multiple', async () => {
    const { onReject, input } = renderZone();
    expect(screen.getByText('Déposez le fichier ici ou cliquez pour le choisir')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription('PDF. 2 Mo au plus.');
    // Two files dropped at once (a file input without `multiple` would only ever give one).
    fireEvent.drop(screen.getByLabelText('Déposer les fichiers à publier'), {
      dataTransfer: { files: [pdf('a.pdf'), pdf('b.pdf')], types: ['Files'] },
    });
    await waitFor(() => expect(onReject).toHaveBeenCalled());
    expect(onReject.mock.lastCall![0]).toEqual(['Déposez un seul fichier à la fois.']);
  });

  it('says « touchez » on a touch screen, where nothing is dropped or clicked', () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...original(query),
      matches: query === '(pointer: coarse)',
    })) as typeof window.matchMedia;
    try {
      renderZone();
      expect(screen.getByText('Touchez ici pour choisir le fichier')).toBeInTheDocument();
      expect(screen.queryByText(/cliquez/)).not.toBeInTheDocument();
    } finally {
      window.matchMedia = original;
    }
  });
});
