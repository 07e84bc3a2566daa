import { screen } from '@testing-library/react';
import {
  EntityListSchema,
  EntitySummaryListSchema,
  type PendingRequests,
  PendingRequestsSchema,
  type Reservation,
  RoomListSchema,
} from '@union/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, reply, signInAs } from '../../../../test/utils';

const MINE: Reservation = {
  id: 8,
  idSalle: 1,
  salle: 'Salle Condorcet',
  couleurSalle: '#f08c00',
  idEntite: 5,
  entite: 'Les Chevaliers du Rhône',
  date: '2099-03-03',
  heureDebut: '18:00',
  heureFin: '20:00',
  type: 'CO',
  libelle: 'Collège des officiers',
  participants: 12,
  commentaire: null,
  etat: 'DC',
  demandeur: { id: 7, nom: 'Membre', prenom: 'Marie' },
  motifRefus: null,
  idPlanning: null,
  actions: ['INFOS', 'CANCEL_CREATION', 'EDIT'],
};

describe('Mes demandes', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says when there is nothing pending, and shows no staff section to members', async () => {
    signInAs(['USER', 'PLANNING']);
    const body: PendingRequests = { miennes: [], aTraiter: [], gestion: false };
    mockApi({
      'GET /api/reservation/demandes': reply(PendingRequestsSchema, body),
      'GET /api/user/entites/reservation': reply(EntitySummaryListSchema, []),
      'GET /api/parametres/salles': reply(RoomListSchema, []),
    });
    renderApp('/app/reservations/demandes');
    expect(await screen.findByText('Vous n’avez aucune demande en attente.')).toBeInTheDocument();
    expect(screen.queryByText(/Demandes à traiter/)).not.toBeInTheDocument();
  });

  it('shows the reason of a refused request', async () => {
    signInAs(['USER', 'PLANNING']);
    const refused = {
      ...MINE,
      etat: 'SU' as const,
      motifRefus: 'Salle promise à l’AG',
      actions: ['INFOS' as const],
    };
    const body: PendingRequests = { miennes: [refused], aTraiter: [], gestion: false };
    mockApi({
      'GET /api/reservation/demandes': reply(PendingRequestsSchema, body),
      'GET /api/user/entites/reservation': reply(EntitySummaryListSchema, []),
      'GET /api/parametres/salles': reply(RoomListSchema, []),
    });
    renderApp('/app/reservations/demandes');
    expect(await screen.findByText('Refusée : Salle promise à l’AG')).toBeInTheDocument();
    expect(screen.getByText('Refusée')).toBeInTheDocument();
  });

  it('lists my pending requests with their state', async () => {
    signInAs(['USER', 'PLANNING']);
    const body: PendingRequests = { miennes: [MINE], aTraiter: [], gestion: false };
    mockApi({
      'GET /api/reservation/demandes': reply(PendingRequestsSchema, body),
      'GET /api/user/entites/reservation': reply(EntitySummaryListSchema, []),
      'GET /api/parametres/salles': reply(RoomListSchema, []),
    });
    renderApp('/app/reservations/demandes');
    expect(await screen.findByText('Mardi 3 mars 2099 · 18:00 – 20:00')).toBeInTheDocument();
    expect(screen.getByText('Création demandée')).toBeInTheDocument();
    expect(screen.getByText('Mes demandes (1)')).toBeInTheDocument();
  });
  it('shows Union staff every request waiting for a decision, under « Demandes à traiter »', async () => {
    signInAs(['USER', 'PLANNING']);
    const waiting: Reservation = {
      ...MINE,
      id: 9,
      entite: 'Tolérance et Progrès',
      libelle: 'Tenue blanche ouverte',
      demandeur: { id: 12, nom: 'Durand', prenom: 'Paul' },
      actions: ['INFOS', 'ACCEPT_CREATION', 'REFUSE_CREATION', 'EDIT', 'DELETE'],
    };
    const body: PendingRequests = { miennes: [], aTraiter: [waiting], gestion: true };
    mockApi({
      'GET /api/reservation/demandes': reply(PendingRequestsSchema, body),
      'GET /api/entite/all': reply(EntityListSchema, []),
      'GET /api/user/entites/reservation': reply(EntitySummaryListSchema, []),
      'GET /api/parametres/salles': reply(RoomListSchema, []),
    });
    renderApp('/app/reservations/demandes');
    expect(await screen.findByText('Demandes à traiter (1)')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Ouvrir « Tenue blanche ouverte » du mardi 3 mars 2099' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Paul Durand/)).toBeInTheDocument();
    expect(screen.getByText('Vous n’avez aucune demande en attente.')).toBeInTheDocument();
  });

  it('tells Union staff when no request waits for a decision', async () => {
    signInAs(['USER', 'PLANNING']);
    const body: PendingRequests = { miennes: [MINE], aTraiter: [], gestion: true };
    mockApi({
      'GET /api/reservation/demandes': reply(PendingRequestsSchema, body),
      'GET /api/entite/all': reply(EntityListSchema, []),
      'GET /api/user/entites/reservation': reply(EntitySummaryListSchema, []),
      'GET /api/parametres/salles': reply(RoomListSchema, []),
    });
    renderApp('/app/reservations/demandes');
    expect(await screen.findByText('Demandes à traiter (0)')).toBeInTheDocument();
    expect(screen.getByText('Aucune demande n’attend de décision.')).toBeInTheDocument();
  });
});
