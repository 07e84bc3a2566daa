/** The upload queue's progress bars (issue 21): named after their file, read out in French with the state. */
import { render, screen } from '@testing-library/react';
import type { DocumentPublished } from '@union/contract';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Providers } from '../../../app/Providers';
import { createQueryClient } from '../../../app/query-client';
import type { UploadItem } from '../../../components/useUploadQueue';
import { UploadQueueList } from './UploadQueueList';

const item = (
  id: number,
  name: string,
  progress: number,
  state: UploadItem['state'],
): UploadItem<DocumentPublished> => ({
  id,
  file: new File(['x'], name),
  name,
  size: 1,
  type: 'application/pdf',
  progress,
  state,
});

describe('the upload queue’s progress bars', () => {
  it('say the percentage in French and the state of each file, with its name', () => {
    render(
      <Providers queryClient={createQueryClient()}>
        <MemoryRouter>
          <UploadQueueList
            items={[item(1, 'planche.pdf', 45, 'uploading'), item(2, 'tableau.pdf', 0, 'ready')]}
            onCancel={() => undefined}
            onRemove={() => undefined}
          />
        </MemoryRouter>
      </Providers>,
    );
    const sending = screen.getByRole('progressbar', { name: "Progression de l'envoi de planche.pdf" });
    expect(sending).toHaveAttribute('aria-valuenow', '45');
    expect(sending).toHaveAttribute('aria-valuemin', '0');
    expect(sending).toHaveAttribute('aria-valuemax', '100');
    expect(sending).toHaveAttribute('aria-valuetext', '45 % – Envoi en cours');
    expect(
      screen.getByRole('progressbar', { name: "Progression de l'envoi de tableau.pdf" }),
    ).toHaveAttribute('aria-valuetext', '0 % – En attente');
  });
});
