/**
 * Adds or edits a membership: fonction (free text with suggestions), dates and the four flags. To add
 * one, the target is either an entity (from a user) or a member of an entity: an existing active user or
 * a new member, invited by e-mail. The features pass their own calls and texts.
 */
import {
  Autocomplete,
  Checkbox,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import {
  EntityMembershipCreateSchema,
  FONCTIONS_SUGGEREES,
  MembershipFlag,
  MembershipUpdateSchema,
  UserMembershipCreateSchema,
  type EntityMembershipCreate,
  type Membership,
  type MembershipUpdate,
  type UserMembershipCreate,
} from '@union/contract';
import dayjs from 'dayjs';
import { useState, type FormEvent } from 'react';
import { idOf, useContractCheck } from '../forms/contract-form';
import { toast } from '../toast';
import { FormActions } from '../../components/FormActions';

/** A mutation's `mutate`, as TanStack Query gives it. */
type Mutate<Body> = (body: Body, options: { onSuccess: () => void }) => void;

/**
 * A person the picker offers: administrators' searches carry the identifiant; a lodge manager's carry
 * only names and e-mail.
 */
interface PickableUser {
  id: number;
  nom: string;
  prenom: string;
  email: string;
  identifiant?: string;
}

/** Searches the active users matching a text (enabled from 2 letters). */
type UserSearchHook = (texte: string) => {
  data?: { lignes: readonly PickableUser[] };
  isFetching: boolean;
};

/** What a new membership links to. */
export type MembershipTarget =
  | {
      kind: 'entity';
      /** The entities to choose from. */
      entities: { value: string; label: string }[];
      add: Mutate<UserMembershipCreate>;
    }
  | {
      kind: 'member';
      useUserSearch: UserSearchHook;
      searchPlaceholder: string;
      /** Said when the search finds nobody (default: « Aucun utilisateur actif trouvé »). */
      searchEmptyMessage?: string;
      /** Said under the new member's fields. */
      invitationNote: string;
      add: Mutate<EntityMembershipCreate>;
    };

interface Props {
  title: string;
  /** The membership to edit; null to add one. */
  membership: Membership | null;
  /** When editing: the member or the entity, shown instead of the pickers. */
  subject: string;
  target: MembershipTarget;
  update: Mutate<MembershipUpdate>;
  saving: boolean;
  fullScreen?: boolean;
  onClose: () => void;
}

type Fields = { fonction: string; debut: string; fin: string } & Record<MembershipFlag, boolean>;

/** How a chosen day reads in the field: « 1 septembre 2020 » (the picker itself is French, Monday first). */
const DAY_FORMAT = 'D MMMM YYYY';

/** The picker's value as the API's yyyy-mm-dd day, or '' when cleared. */
const isoDay = (value: string | Date | null) => (value ? dayjs(value).format('YYYY-MM-DD') : '');

const fieldsOf = (m: Membership | null): Fields => ({
  fonction: m?.fonction ?? '',
  debut: m?.debut ?? '',
  fin: m?.fin ?? '',
  gestion: m?.gestion ?? false,
  reservation: m?.reservation ?? false,
  restauration: m?.restauration ?? false,
  carteLoge: m?.carteLoge ?? false,
});

/** The new member's fields. */
const PERSON_FIELDS = [
  { key: 'nom', label: 'Nom', type: 'text', required: true },
  { key: 'prenom', label: 'Prénom', type: 'text', required: true },
  { key: 'email', label: 'E-mail', type: 'email', required: true },
  { key: 'telephone', label: 'Téléphone', type: 'tel', required: false },
] as const;

/** Finds an existing active user by name, identifiant or e-mail. */
function UserPicker({
  value,
  onChange,
  useUserSearch,
  placeholder,
  emptyMessage = 'Aucun utilisateur actif trouvé',
  error,
}: {
  error?: string;
  value: string | null;
  onChange: (id: string | null) => void;
  useUserSearch: UserSearchHook;
  placeholder: string;
  emptyMessage?: string;
}) {
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), 300);
  const search = useUserSearch(debounced);
  return (
    <Select
      label="Utilisateur"
      placeholder={placeholder}
      searchable
      required
      searchValue={text}
      onSearchChange={setText}
      filter={({ options }) => options}
      nothingFoundMessage={debounced.length >= 2 && !search.isFetching ? emptyMessage : undefined}
      data={(search.data?.lignes ?? []).map((u) => ({
        value: String(u.id),
        label: `${u.prenom} ${u.nom} (${u.identifiant ?? u.email})`,
      }))}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}

export function MembershipModal({
  title,
  membership,
  subject,
  target,
  update,
  saving,
  fullScreen,
  onClose,
}: Props) {
  const [fields, setFields] = useState<Fields>(() => fieldsOf(membership));
  const [entityId, setEntityId] = useState<string | null>(null);
  const [mode, setMode] = useState<'existant' | 'nouveau'>('existant');
  const [userId, setUserId] = useState<string | null>(null);
  const [person, setPerson] = useState({ nom: '', prenom: '', email: '', telephone: '' });
  const datesInvalid = fields.debut !== '' && fields.fin !== '' && fields.fin < fields.debut;
  const missing =
    !membership &&
    (target.kind === 'entity'
      ? !entityId
      : mode === 'existant'
        ? !userId
        : !person.nom.trim() || !person.prenom.trim() || !person.email.trim());

  const { errors, check } = useContractCheck([
    'fonction',
    'debut',
    'fin',
    'entiteId',
    'userId',
    ...PERSON_FIELDS.map((f) => `nouveau.${f.key}`),
  ]);

  const set = <K extends keyof Fields>(key: K, value: Fields[K]) =>
    setFields((f) => ({ ...f, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (datesInvalid || missing) return;
    const fieldsBody = {
      fonction: fields.fonction,
      debut: fields.debut || null,
      fin: fields.fin || null,
      gestion: fields.gestion,
      reservation: fields.reservation,
      restauration: fields.restauration,
      carteLoge: fields.carteLoge,
    };
    const done = (text: string) => ({
      onSuccess: () => {
        toast('success', text);
        onClose();
      },
    });
    // Each body checked with the schema the server applies, before sending.
    if (membership) {
      const body = check(MembershipUpdateSchema, { id: membership.id, ...fieldsBody });
      if (body) update(body, done('Appartenance modifiée.'));
    } else if (target.kind === 'entity') {
      const body = check(UserMembershipCreateSchema, { entiteId: idOf(entityId), ...fieldsBody });
      if (body) target.add(body, done('Appartenance ajoutée.'));
    } else if (mode === 'existant') {
      const body = check(EntityMembershipCreateSchema, { userId: idOf(userId), ...fieldsBody });
      if (body) target.add(body, done('Membre ajouté.'));
    } else {
      const body = check(EntityMembershipCreateSchema, { nouveau: person, ...fieldsBody });
      if (body)
        target.add(body, done(`Membre créé : une invitation a été envoyée à ${person.email.trim()}.`));
    }
  }

  return (
    <Modal opened onClose={onClose} centered size="lg" fullScreen={fullScreen} title={title}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {membership && <Text fw={600}>{subject}</Text>}
          {!membership && target.kind === 'entity' && (
            <Select
              label="Entité"
              required
              searchable
              nothingFoundMessage="Aucune entité"
              data={target.entities}
              value={entityId}
              onChange={setEntityId}
              error={errors.entiteId}
            />
          )}
          {!membership && target.kind === 'member' && (
            <>
              <SegmentedControl
                fullWidth
                value={mode}
                onChange={(value) => setMode(value as typeof mode)}
                data={[
                  { value: 'existant', label: 'Utilisateur existant' },
                  { value: 'nouveau', label: 'Nouveau membre' },
                ]}
              />
              {mode === 'existant' ? (
                <UserPicker
                  value={userId}
                  onChange={setUserId}
                  useUserSearch={target.useUserSearch}
                  placeholder={target.searchPlaceholder}
                  emptyMessage={target.searchEmptyMessage}
                  error={errors.userId}
                />
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  {PERSON_FIELDS.map(({ key, label, type, required }) => (
                    <TextInput
                      key={key}
                      label={label}
                      type={type}
                      required={required}
                      value={person[key]}
                      onChange={(e) => setPerson({ ...person, [key]: e.currentTarget.value })}
                      error={errors[`nouveau.${key}`]}
                    />
                  ))}
                  <Text size="xs" c="dimmed" style={{ gridColumn: '1 / -1' }}>
                    {target.invitationNote}
                  </Text>
                </SimpleGrid>
              )}
            </>
          )}
          <Autocomplete
            label="Fonction"
            placeholder="ex. : Membre, Secrétaire, Vénérable Maître"
            data={[...FONCTIONS_SUGGEREES]}
            value={fields.fonction}
            onChange={(value) => set('fonction', value)}
            error={errors.fonction}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <DatePickerInput
              label="Début"
              placeholder="Sans date de début"
              value={fields.debut || null}
              onChange={(d) => set('debut', isoDay(d))}
              valueFormat={DAY_FORMAT}
              clearable
              clearButtonProps={{ 'aria-label': 'Effacer la date de début' }}
              error={errors.debut}
            />
            <DatePickerInput
              label="Fin"
              placeholder="En cours"
              value={fields.fin || null}
              onChange={(d) => set('fin', isoDay(d))}
              valueFormat={DAY_FORMAT}
              minDate={fields.debut || undefined}
              defaultDate={fields.fin || fields.debut || undefined}
              clearable
              clearButtonProps={{ 'aria-label': 'Effacer la date de fin' }}
              error={datesInvalid ? 'La fin doit suivre le début.' : errors.fin}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {MembershipFlag.codes.map((flag) => (
              <Checkbox
                key={flag}
                label={MembershipFlag.labels[flag]}
                checked={fields[flag]}
                onChange={(e) => set(flag, e.currentTarget.checked)}
              />
            ))}
          </SimpleGrid>
          <FormActions
            onCancel={onClose}
            loading={saving}
            disabledReason={
              datesInvalid
                ? 'Corrigez la date de fin pour enregistrer.'
                : missing
                  ? target.kind === 'entity'
                    ? "Choisissez l'entité."
                    : mode === 'existant'
                      ? 'Choisissez la personne.'
                      : "Le nom, le prénom et l'e-mail sont obligatoires."
                  : null
            }
          />
        </Stack>
      </form>
    </Modal>
  );
}
