/**
 * The user's form (identity and habilitations): creates a user and sends the invitation, or saves an
 * existing one when the server allows EDIT. Values are checked with the contract's schema before sending.
 */
import { Button, Card, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  UserCreateSchema,
  UserUpdateSchema,
  type Habilitation,
  type UserCreate,
  type UserDetail,
  type UserUpdate,
} from '@union/contract';
import { Link, useNavigate } from 'react-router';
import { contractResolver, focusFirstInvalid } from '../../../components/forms/contract-form';
import { toast } from '../../../components/toast';
import { useCreateUser, useUpdateUser } from '../api/users';
import { HabilitationsPicker } from './HabilitationsPicker';

interface FormValues {
  identifiant: string;
  nom: string;
  prenom: string;
  email: string;
  telephone: string;
  habilitations: Habilitation[];
}

const valuesOf = (user?: UserDetail): FormValues => ({
  identifiant: user?.identifiant ?? '',
  nom: user?.nom ?? '',
  prenom: user?.prenom ?? '',
  email: user?.email ?? '',
  telephone: user?.telephone ?? '',
  habilitations: user?.habilitations ?? ['USER'],
});

export function UserForm({ user }: { user?: UserDetail }) {
  const navigate = useNavigate();
  const create = useCreateUser();
  const update = useUpdateUser();
  const editable = !user || user.actions.includes('EDIT');
  // What the server receives, checked with its own schema before sending.
  const bodyOf = (values: FormValues): UserCreate | UserUpdate => {
    const fields = {
      nom: values.nom,
      prenom: values.prenom,
      email: values.email,
      telephone: values.telephone.trim() || null,
      habilitations: values.habilitations,
    };
    return user
      ? { ...fields, id: user.id, identifiant: values.identifiant, etat: user.etat }
      : { ...fields, identifiant: values.identifiant.trim() || undefined };
  };
  const form = useForm<FormValues>({
    initialValues: valuesOf(user),
    validate: contractResolver(user ? UserUpdateSchema : UserCreateSchema, bodyOf),
  });

  function submit(values: FormValues) {
    if (!user) {
      create.mutate(UserCreateSchema.parse(bodyOf(values)), {
        onSuccess: (created) => {
          toast('success', `Utilisateur créé : une invitation a été envoyée à ${created.email}.`);
          // The router shows a failed loader itself: nothing waits for the navigation.
          void navigate(`/app/admin/utilisateurs/${created.id}`, { replace: true });
        },
      });
    } else {
      update.mutate(UserUpdateSchema.parse(bodyOf(values)), {
        onSuccess: (saved) => {
          form.setValues(valuesOf(saved));
          form.resetDirty(valuesOf(saved));
          toast('success', 'Utilisateur enregistré.');
        },
      });
    }
  }

  return (
    <form onSubmit={form.onSubmit(submit, focusFirstInvalid)} noValidate>
      <Stack gap="lg">
        <Card withBorder padding="lg">
          <Stack gap="md">
            <Title order={3} fz="lg">
              Identité
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label="Nom" required disabled={!editable} {...form.getInputProps('nom')} />
              <TextInput label="Prénom" required disabled={!editable} {...form.getInputProps('prenom')} />
              <TextInput
                label="Identifiant"
                required={!!user}
                description={user ? undefined : 'Laissez vide pour « prénom.nom ».'}
                disabled={!editable}
                autoComplete="off"
                {...form.getInputProps('identifiant')}
              />
              <TextInput
                label="E-mail"
                type="email"
                required
                disabled={!editable}
                {...form.getInputProps('email')}
              />
              <TextInput
                label="Téléphone"
                type="tel"
                disabled={!editable}
                {...form.getInputProps('telephone')}
              />
            </SimpleGrid>
          </Stack>
        </Card>
        <Card withBorder padding="lg">
          <Stack gap="md">
            <Title order={3} fz="lg">
              Habilitations
            </Title>
            <HabilitationsPicker
              value={form.values.habilitations}
              onChange={(value) => form.setFieldValue('habilitations', value)}
              disabled={!editable}
            />
          </Stack>
        </Card>
        {editable && (
          <Group justify="flex-end">
            <Button variant="default" component={Link} to="/app/admin/utilisateurs">
              Annuler
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {user ? 'Enregistrer' : "Créer et envoyer l'invitation"}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
