import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  RecoveryCodesSchema,
  SecondFactorStatusSchema,
  SessionListSchema,
  TotpEnrolmentSchema,
} from '@union/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/Providers';
import { failure, mockApi, reply } from '../../../../test/utils';
import { SecondFactorPanel } from './SecondFactorPanel';

const STATUS = { totp: false, codesSecoursRestants: 0, obligatoire: false, avant: null };
const ENROLMENT = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  uri: 'otpauth://totp/x',
  qr: 'data:image/svg+xml;base64,PHN2Zy8+',
};
const SESSION = {
  appareil: 'Firefox sur Linux',
  adresse: '203.0.113.7',
  ouverture: '2026-11-20T08:00:00.000Z',
  derniereUtilisation: '2026-11-28T09:00:00.000Z',
};

function renderPanel() {
  render(
    <Providers>
      <SecondFactorPanel />
    </Providers>,
  );
}

describe('« Second facteur »: enrolling an authenticator', () => {
  beforeEach(() => {
    document.cookie = 'XSRF-TOKEN=x; path=/';
  });
  afterEach(() => vi.restoreAllMocks());

  it('asks the current password before showing the QR code, then offers to end the older sessions', async () => {
    const calls = mockApi({
      'GET /api/user/second-facteur': reply(SecondFactorStatusSchema, STATUS),
      'POST /api/user/second-facteur/totp': reply(TotpEnrolmentSchema, ENROLMENT, { status: 201 }),
      'PUT /api/user/second-facteur/totp': reply(RecoveryCodesSchema, { codes: ['AAAAA-BBBBB'] }),
      'GET /api/user/sessions': reply(SessionListSchema, [
        { ...SESSION, id: 1, courante: true, avantSecondFacteur: true },
        { ...SESSION, id: 2, courante: false, avantSecondFacteur: true },
      ]),
    });
    renderPanel();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Activer une application d’authentification' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Activer une application d’authentification' });
    expect(within(dialog).queryByLabelText('Clé secrète')).toBeNull();
    await user.type(within(dialog).getByLabelText(/^Mot de passe actuel/), 'mon-mot-de-passe');
    await user.click(within(dialog).getByRole('button', { name: 'Continuer' }));
    expect(await within(dialog).findByLabelText('Clé secrète')).toHaveTextContent('JBSW Y3DP');
    const post = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(post.body!)).toEqual({ motDePasse: 'mon-mot-de-passe' });

    await user.type(within(dialog).getByLabelText('2. Code affiché par l’application'), '123456{Enter}');
    expect(await within(dialog).findByText('AAAAA-BBBBB')).toBeVisible();
    expect(
      await within(dialog).findByText(
        /1 session a été ouverte avant l’activation de la double authentification/,
      ),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Terminer cette session' })).toBeVisible();
  });

  it('says a wrong password in the dialog and shows no QR code', async () => {
    mockApi({
      'GET /api/user/second-facteur': reply(SecondFactorStatusSchema, STATUS),
      'POST /api/user/second-facteur/totp': failure(412, {
        status: 412,
        error: 'invalid',
        message: 'Le mot de passe actuel est incorrect.',
      }),
    });
    renderPanel();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Activer une application d’authentification' }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Mot de passe actuel/), 'pas le bon{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Le mot de passe actuel est incorrect.',
    );
    expect(within(dialog).queryByLabelText('Clé secrète')).toBeNull();
  });
});
