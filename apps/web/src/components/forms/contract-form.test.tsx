import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ReservationInputSchema,
  RoomCreateSchema,
  UnionSettingsInputSchema,
  UserUpdateSchema,
  checkRequest,
} from '@union/contract';
import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import { contractResolver, focusFirstInvalid, idOf } from './contract-form';

describe('checkRequest (the contract)', () => {
  it('says in French what is wrong, naming the labels of a code list rather than its codes', () => {
    const result = checkRequest(UserUpdateSchema, {
      id: 1,
      identifiant: 'a',
      nom: ' ',
      prenom: 'Paul',
      email: 'pas-une-adresse',
      habilitations: ['USER'],
      etat: 'Q',
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.errors).toEqual({
      identifiant: "L'identifiant doit contenir au moins 2 caractères.",
      nom: 'Le nom est obligatoire.',
      email: "Le format de l'e-mail est invalide (exemple : prenom.nom@exemple.fr).",
      etat: 'Valeur non reconnue : choisissez « Actif », « Inactif » ou « Supprimé ».',
    });
    // No message anywhere lists the raw codes.
    expect(Object.values(result.errors).join(' ')).not.toMatch(/"A"|"I"|"S"/);
  });

  it('says a select left empty is missing, and keeps what the contract wrote for the others', () => {
    const result = checkRequest(ReservationInputSchema, {
      idSalle: idOf(null),
      idEntite: 3,
      date: '2026-02-30',
      heureDebut: '19:15',
      heureFin: '22:00',
      type: 'TC',
      libelle: 'Tenue',
      participants: 0,
    });
    expect(result.success ? {} : result.errors).toEqual({
      idSalle: 'Ce champ est obligatoire.',
      date: "Cette date n'existe pas.",
      heureDebut: "L'heure doit être sur la demi-heure, au format HH:MM (exemple : 19:30).",
      participants: 'Comptez au moins 1 participant.',
    });
  });

  it('returns the parsed body (trimmed, defaults filled) when it is valid', () => {
    const result = checkRequest(RoomCreateSchema, {
      nom: '  Salle Voltaire ',
      capacite: 40,
      couleur: '#1c7ed6',
      tarifHoraire: 2000,
    });
    expect(result).toEqual({
      success: true,
      data: { nom: 'Salle Voltaire', capacite: 40, couleur: '#1c7ed6', tarifHoraire: 2000, active: true },
    });
  });
});

describe('contractResolver (@mantine/form)', () => {
  it('checks the body built from the values, and gives each message to the field that shows it', () => {
    const values = {
      raisonSociale: '',
      adresse: '1 rue X',
      email: 'x',
      telephone: '',
      siret: '',
      rna: '',
      mentionTva: 'TVA',
      cotisations: { GODF: 10 },
    };
    const validate = contractResolver(
      UnionSettingsInputSchema,
      (v: typeof values) => ({
        identite: {
          raisonSociale: v.raisonSociale,
          adresse: v.adresse,
          email: v.email,
          telephone: v.telephone,
          siret: v.siret,
          rna: v.rna,
        },
        mentionTva: v.mentionTva,
        cotisations: { AFM: 0, DH: 0, GODF: 1000.5, GOS: 0, HG: 0, UN: 0 },
      }),
      { identite: '' },
    );
    expect(validate(values)).toEqual({
      raisonSociale: 'La raison sociale est obligatoire.',
      email: "Le format de l'e-mail est invalide (exemple : prenom.nom@exemple.fr).",
      'cotisations.GODF': 'La cotisation doit être un montant au centime près.',
    });
  });
});

/** A small form, as every screen writes it: `useForm` validated by `contractResolver`. */
function RoomForm({ onSend }: { onSend: (body: unknown) => void }) {
  // `couleur` is not a field of this form: its problem cannot be shown under a field.
  const bodyOf = (values: { nom: string; capacite: string }) => ({
    nom: values.nom,
    capacite: Number(values.capacite),
    couleur: '#1c7ed6',
    tarifHoraire: 0,
  });
  const form = useForm({
    initialValues: { nom: '', capacite: '0' },
    validate: contractResolver(RoomCreateSchema, bodyOf),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => onSend(RoomCreateSchema.parse(bodyOf(values))), focusFirstInvalid)}
    >
      <TextInput label="Nom" {...form.getInputProps('nom')} />
      <TextInput label="Capacité" {...form.getInputProps('capacite')} />
      <button type="submit">Enregistrer</button>
    </form>
  );
}

describe('a form on contractResolver', () => {
  it('sends nothing while a field is wrong: the messages show, the first field in error has the focus', async () => {
    const onSend = vi.fn();
    const user = userEvent.setup();
    render(
      <Providers>
        <RoomForm onSend={onSend} />
      </Providers>,
    );
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(screen.getByText('Le nom est obligatoire.')).toBeInTheDocument();
    expect(screen.getByText('La capacité doit être d’au moins 1 personne.')).toBeInTheDocument();
    expect(onSend).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Nom' })).toHaveFocus());
    expect(screen.getByRole('textbox', { name: 'Nom' })).toHaveAccessibleDescription(
      'Le nom est obligatoire.',
    );

    // Typing in a field clears its message; a valid body is sent as the contract parses it.
    await user.type(screen.getByRole('textbox', { name: 'Nom' }), '  Salle Voltaire ');
    expect(screen.queryByText('Le nom est obligatoire.')).not.toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Capacité' }));
    await user.type(screen.getByRole('textbox', { name: 'Capacité' }), '40');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(onSend).toHaveBeenCalledWith({
      nom: 'Salle Voltaire',
      capacite: 40,
      couleur: '#1c7ed6',
      tarifHoraire: 0,
      active: true,
    });
    expect(screen.queryByText(/La capacité/)).not.toBeInTheDocument();
  });

  it('says in a toast a problem on a field the form does not show, and sends nothing', async () => {
    const onSend = vi.fn();
    function Hidden() {
      const bodyOf = (values: { nom: string }) => ({
        nom: values.nom,
        capacite: 2,
        couleur: 'rouge',
        tarifHoraire: 0,
      });
      const form = useForm({
        initialValues: { nom: 'A' },
        validate: contractResolver(RoomCreateSchema, bodyOf),
      });
      return (
        <form noValidate onSubmit={form.onSubmit((values) => onSend(bodyOf(values)))}>
          <button type="submit">Envoyer</button>
        </form>
      );
    }
    render(
      <Providers>
        <Hidden />
      </Providers>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(
      await screen.findByText(
        'Le formulaire ne peut pas être envoyé : La couleur doit être au format #RRGGBB.',
      ),
    ).toBeInTheDocument();
    expect(onSend).not.toHaveBeenCalled();
  });
});
