import { DatePicker } from '@mantine/dates';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signInAs } from '../../test/utils';
import { clearSession } from '../lib/session';
import { Providers } from './Providers';
import { createQueryClient } from './query-client';

describe('date pickers', () => {
  it('are in French and start the week on Monday', () => {
    render(
      <Providers>
        <DatePicker defaultDate="2026-03-01" />
      </Providers>,
    );
    const weekdays = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(weekdays[0]).toMatch(/^lu/);
    expect(weekdays[6]).toMatch(/^di/);
    expect(screen.getByText(/mars 2026/)).toBeInTheDocument();
  });
});

describe('cached data', () => {
  it('is forgotten when the session ends', () => {
    signInAs(['USER']);
    const queryClient = createQueryClient();
    render(<Providers queryClient={queryClient}>{null}</Providers>);
    queryClient.setQueryData(['user', 'compte'], { nom: 'Membre' });
    act(() => clearSession());
    expect(queryClient.getQueryData(['user', 'compte'])).toBeUndefined();
  });
});
