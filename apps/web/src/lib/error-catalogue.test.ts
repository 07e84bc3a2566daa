import { ERROR_CODES, ERROR_CODE_LIST } from '@union/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorMessageFor } from './error-catalogue';

const fail = (status: number, body: ConstructorParameters<typeof ApiError>[1] = {}) =>
  new ApiError(status, body);

describe('error catalogue (specification §8)', () => {
  it.each([
    [0, 'Échec de connexion', /connexion au réseau/],
    [400, 'Mauvaise requête', /pas valide/],
    [401, 'Non autorisé', /authentifié/],
    [403, 'Non autorisé', /pas autorisé à accéder à ce contenu/],
    [404, 'Contenu inexistant', /n'existe pas/],
    [500, 'Erreur serveur', /erreur est survenue/],
    [503, 'Serveur inaccessible', /momentanément inaccessible ou surchargé/],
    [504, 'Délais trop long', /trop de temps/],
    [418, 'Erreur serveur', /erreur est survenue/],
    [502, 'Erreur serveur', /erreur est survenue/],
  ])('status %i → "%s"', (status, title, text) => {
    const message = errorMessageFor(fail(status))!;
    expect(message.title).toBe(title);
    expect(message.text).toMatch(text);
  });

  it('412 shows "Erreur de saisie" with the server message and its details', () => {
    const message = errorMessageFor(
      fail(412, {
        status: 412,
        error: 'x',
        message: 'Certains champs sont invalides.',
        details: ['Nom requis', 'Date invalide'],
      }),
    );
    expect(message).toEqual({
      severity: 'warning',
      title: 'Erreur de saisie',
      text: 'Certains champs sont invalides.',
      details: ['Nom requis', 'Date invalide'],
    });
  });

  it('413 says the request is too large, in the server’s words (the call’s limit)', () => {
    const text = 'La requête est trop volumineuse : cet appel accepte 64 Ko au plus.';
    expect(errorMessageFor(fail(413, { status: 413, error: 'too_large', message: text }))).toEqual({
      severity: 'danger',
      title: 'Envoi trop volumineux',
      text,
    });
  });

  it('412 does not repeat the message as its only detail', () => {
    const message = errorMessageFor(fail(412, { message: 'Trop court.', details: ['Trop court.'] }));
    expect(message?.details).toBeUndefined();
  });

  it('a top-up waiting for validation leads to the card page, named', () => {
    const waiting = errorMessageFor(
      fail(412, { error: 'card_top_up_awaiting_validation', message: 'Solde insuffisant : …' }),
    );
    expect(waiting).toMatchObject({ okLabel: 'Voir ma carte', redirection: '/app/account/payments' });
    expect(errorMessageFor(fail(412, { error: 'card_insufficient_balance' }))?.redirection).toBeUndefined();
  });

  it('401 ends the session and leads to /, 403 leads to / only', () => {
    expect(errorMessageFor(fail(401))).toMatchObject({ redirection: '/', endSession: true });
    expect(errorMessageFor(fail(403))).toMatchObject({ redirection: '/' });
    expect(errorMessageFor(fail(403))?.endSession).toBeUndefined();
    // Only a refusal the user can correct is a warning; the rest are errors, whatever their title.
    expect(errorMessageFor(fail(403))?.severity).toBe('danger');
    expect(errorMessageFor(fail(504))?.severity).toBe('danger');
  });

  it('leaves the invalid_grant refusal of a sign-in to the caller', () => {
    expect(errorMessageFor(fail(400, { error: 'invalid_grant' }))).toBeNull();
    expect(errorMessageFor(fail(400, { error: 'other' }))?.title).toBe('Mauvaise requête');
  });

  it.each(ERROR_CODE_LIST)('shows the API code %s by the message of its status', (code) => {
    const { status, sens } = ERROR_CODES[code];
    const message = errorMessageFor(fail(status, { status, error: code, message: sens }));
    if (code === 'invalid_grant' || code === 'mfa_required' || code === 'mfa_enrolment_required')
      return expect(message).toBeNull();
    // Only a refusal the user can correct is a warning, with the server's sentence; a status without a
    // message of its own would fall to the generic server error, which only a 500 may show.
    expect(message?.severity).toBe(status === 412 ? 'warning' : 'danger');
    if (status === 412) expect(message?.text).toBe(sens);
    if (status !== 500) expect(message?.title).not.toBe('Erreur serveur');
  });

  it('treats an unexpected exception as a server error', () => {
    expect(errorMessageFor(new Error('boom'))?.title).toBe('Erreur serveur');
  });
});
