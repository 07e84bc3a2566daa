import { notifications } from '@mantine/notifications';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../app/Providers';
import { toast, TOAST_STYLES, toastStyle } from './toast';

describe('toasts (specification §9)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('maps each type to its display time and colour', () => {
    expect(TOAST_STYLES).toEqual({
      success: { color: 'green', delay: 5000 },
      info: { color: 'blue', delay: 5000 },
      default: { color: 'dark', delay: 5000 },
      warning: { color: 'yellow', delay: 10000 },
      danger: { color: 'red', delay: 10000 },
    });
  });

  it('falls back to the default type for an unknown one', () => {
    expect(toastStyle('bizarre')).toEqual(TOAST_STYLES.default);
  });

  it('shows the text with the time of its type, or its own delay, and its class name', () => {
    const show = vi.spyOn(notifications, 'show');
    toast('danger', 'Paiement refusé');
    expect(show).toHaveBeenLastCalledWith(
      expect.objectContaining({ message: 'Paiement refusé', color: 'red', autoClose: 10000 }),
    );
    toast('success', 'Enregistré', { delay: 1234, className: 'special' });
    expect(show).toHaveBeenLastCalledWith(
      expect.objectContaining({ color: 'green', autoClose: 1234, className: 'special' }),
    );
  });

  it('appears in the toast area at the top', async () => {
    render(<Providers>{null}</Providers>);
    toast('info', 'Menu publié');
    expect(await screen.findByText('Menu publié')).toBeInTheDocument();
    expect(document.querySelector('.mantine-Notifications-root')).toHaveAttribute(
      'data-position',
      'top-center',
    );
  });
});
