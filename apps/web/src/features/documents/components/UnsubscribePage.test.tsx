import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@union/contract';
import { describe, expect, it } from 'vitest';
import { mockApi, noContent, renderApp } from '../../../../test/utils';

describe('the unsubscribe page', () => {
  it.each([
    ['12.abc', 'Ne plus recevoir les documents par e-mail'],
    ['m12.abc', "Ne plus recevoir les messages de l'Union par e-mail"],
    ['r12.abc', 'Ne plus recevoir les menus du restaurant par e-mail'],
  ])('names what the token %s turns off, and turns it off on a click', async (jeton, title) => {
    const calls = mockApi({ [`POST ${API.documents.unsubscribe}`]: noContent() });
    renderApp(`/desinscription?jeton=${jeton}`);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Me désinscrire' }));
    expect(await screen.findByText(/Vous pouvez réactiver cette notification/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toBe(JSON.stringify({ jeton }));
  });
});
