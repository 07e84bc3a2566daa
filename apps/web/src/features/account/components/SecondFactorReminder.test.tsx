import { screen } from '@testing-library/react';
import { API, SecondFactorStatusSchema, type SecondFactorStatus } from '@union/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, reply, signInAs } from '../../../../test/utils';

const status = (over: Partial<SecondFactorStatus>) => ({
  [`GET ${API.secondFactor.mine}`]: reply(SecondFactorStatusSchema, {
    totp: false,
    codesSecoursRestants: 0,
    obligatoire: true,
    avant: null,
    ...over,
  }),
});

describe('the portal’s second factor reminder', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says until when (« 1er », Paris day) and links to the account page’s section', async () => {
    signInAs(['USER', 'LOGE']);
    // 23:30 UTC on 30 November is 1 December in Paris.
    mockApi(status({ avant: '2026-11-30T23:30:00.000Z' }));
    renderApp('/app');
    const link = await screen.findByRole(
      'link',
      { name: 'Activer la double authentification' },
      { timeout: 5000 },
    );
    expect(
      screen.getByText('Activez la double authentification avant le 1er décembre 2026'),
    ).toBeInTheDocument();
    expect(link).toHaveAttribute('href', '/app/account#second-facteur');
  });

  it('says nothing to a person who has one, or whose rights do not require one', async () => {
    signInAs(['USER']);
    mockApi(status({ obligatoire: false }));
    renderApp('/app');
    expect(await screen.findByRole('heading', { name: /Bonjour/ }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText(/Activez la double authentification/)).not.toBeInTheDocument();
  });
});
