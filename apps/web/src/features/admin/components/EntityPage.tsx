/**
 * One entity: its form (type, code, number, city, billing address and e-mail, state), its members and
 * its history. Without an id in the address, the same form creates an entity.
 */
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { IconFileImport } from '@tabler/icons-react';
import {
  EntityCreateSchema,
  EntityState,
  EntityType,
  EntityUpdateSchema,
  type EntityCreate,
  type EntityDetail,
  type EntityUpdate,
} from '@union/contract';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ImportWizard } from '../../imports';
import { contractResolver, focusFirstInvalid } from '../../../components/forms/contract-form';
import { toast } from '../../../components/toast';
import { ENTITIES_KEY, useCreateEntity, useEntity, useEntityHistory, useUpdateEntity } from '../api/entities';
import { USERS_KEY } from '../api/users';
import { MembershipsPanel } from './MembershipsPanel';
import { RecordColumns, RecordHeader, RecordPage } from './RecordPage';

interface FormValues {
  code: string;
  nom: string;
  type: EntityType;
  numero: string;
  ville: string;
  adresseFacturation: string;
  emailFacturation: string;
  etat: EntityState;
}

const valuesOf = (e?: EntityDetail): FormValues => ({
  code: e?.code ?? '',
  nom: e?.nom ?? '',
  type: e?.type ?? 'GODF',
  numero: e?.numero ?? '',
  ville: e?.ville ?? '',
  adresseFacturation: e?.adresseFacturation ?? '',
  emailFacturation: e?.emailFacturation ?? '',
  etat: e?.etat ?? 'A',
});

function EntityForm({ entity }: { entity?: EntityDetail }) {
  const navigate = useNavigate();
  const create = useCreateEntity();
  const update = useUpdateEntity();
  const editable = !entity || entity.actions.includes('EDIT');
  // What the server receives, checked with its own schema before sending.
  const bodyOf = (values: FormValues): EntityCreate | EntityUpdate => {
    const fields = {
      code: values.code,
      nom: values.nom,
      type: values.type,
      numero: values.numero,
      ville: values.ville,
      adresseFacturation: values.adresseFacturation,
      emailFacturation: values.emailFacturation,
    };
    return entity ? { ...fields, id: entity.id, etat: values.etat } : fields;
  };
  const form = useForm<FormValues>({
    initialValues: valuesOf(entity),
    validate: contractResolver(entity ? EntityUpdateSchema : EntityCreateSchema, bodyOf),
  });

  function submit(values: FormValues) {
    if (!entity) {
      create.mutate(EntityCreateSchema.parse(bodyOf(values)), {
        onSuccess: (created) => {
          toast('success', 'Entité créée.');
          // The router shows a failed loader itself: nothing waits for the navigation.
          void navigate(`/app/admin/entites/${created.id}`, { replace: true });
        },
      });
    } else {
      update.mutate(EntityUpdateSchema.parse(bodyOf(values)), {
        onSuccess: () => toast('success', 'Entité enregistrée.'),
      });
    }
  }

  return (
    <form onSubmit={form.onSubmit(submit, focusFirstInvalid)} noValidate>
      <Card withBorder padding="lg">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Nom" required disabled={!editable} {...form.getInputProps('nom')} />
            <TextInput
              label="Code"
              required
              disabled={!editable}
              description="Majuscules, chiffres et tirets (ex. CHEV-RHONE)"
              {...form.getInputProps('code')}
              onChange={(e) => form.setFieldValue('code', e.currentTarget.value.toUpperCase())}
            />
            <Select
              label="Type"
              required
              disabled={!editable}
              allowDeselect={false}
              data={EntityType.codes.map((code) => ({ value: code, label: EntityType.labels[code] }))}
              {...form.getInputProps('type')}
            />
            <TextInput label="Numéro" disabled={!editable} {...form.getInputProps('numero')} />
            <TextInput label="Ville" disabled={!editable} {...form.getInputProps('ville')} />
            <TextInput
              label="E-mail de facturation"
              type="email"
              disabled={!editable}
              {...form.getInputProps('emailFacturation')}
            />
          </SimpleGrid>
          <Textarea
            label="Adresse de facturation"
            autosize
            minRows={2}
            disabled={!editable}
            {...form.getInputProps('adresseFacturation')}
          />
          {entity && (
            <Select
              label="État"
              disabled={!editable}
              allowDeselect={false}
              w={{ base: '100%', sm: 240 }}
              data={EntityState.codes.map((code) => ({ value: code, label: EntityState.labels[code] }))}
              {...form.getInputProps('etat')}
            />
          )}
          {editable && (
            <Group justify="flex-end">
              <Button variant="default" component={Link} to="/app/admin/entites">
                Annuler
              </Button>
              <Button type="submit" loading={create.isPending || update.isPending}>
                {entity ? 'Enregistrer' : "Créer l'entité"}
              </Button>
            </Group>
          )}
        </Stack>
      </Card>
    </form>
  );
}

function ExistingEntity({ id }: { id: number }) {
  const { data: entity, isPending, isError } = useEntity(id);
  const history = useEntityHistory(id);
  const queryClient = useQueryClient();
  const [importing, setImporting] = useState(false);
  if (isPending) return <Loader aria-label="Chargement de l'entité" />;
  if (isError || !entity) return <Alert color="red">Cette entité n'a pas pu être chargée.</Alert>;
  return (
    <Stack gap="lg">
      <RecordHeader
        title={entity.nom}
        badge={
          <Badge color={entity.etat === 'A' ? 'green' : 'red'} variant="light">
            {EntityState.labels[entity.etat]}
          </Badge>
        }
        subtitle={
          <>
            {EntityType.labels[entity.type]} — {entity.nbMembres} membre{entity.nbMembres > 1 ? 's' : ''}{' '}
            actuel
            {entity.nbMembres > 1 ? 's' : ''}
          </>
        }
        actions={
          entity.actions.includes('ADD_MEMBER') && (
            <Button
              variant="light"
              leftSection={<IconFileImport size={18} />}
              onClick={() => setImporting(true)}
            >
              Importer des membres
            </Button>
          )
        }
      />
      <Modal
        opened={importing}
        onClose={() => setImporting(false)}
        title={`Importer des membres dans « ${entity.nom} »`}
        size="xl"
        centered
        closeOnClickOutside={false}
      >
        {importing && (
          <ImportWizard
            entite={{ id: entity.id, nom: entity.nom }}
            onImported={() => {
              void queryClient.invalidateQueries({ queryKey: ENTITIES_KEY });
              void queryClient.invalidateQueries({ queryKey: USERS_KEY });
            }}
            onClose={() => setImporting(false)}
          />
        )}
      </Modal>
      <RecordColumns history={entity.actions.includes('HISTORY') ? history : null}>
        <EntityForm key={`${entity.id}-${entity.modifieLe}`} entity={entity} />
        {entity.actions.includes('MEMBERS') && (
          <MembershipsPanel scope={{ entityId: entity.id }} canAdd={entity.actions.includes('ADD_MEMBER')} />
        )}
      </RecordColumns>
    </Stack>
  );
}

export function EntityPage() {
  const { entityId } = useParams();
  const id = entityId ? Number(entityId) : null;
  return (
    <RecordPage
      id={id}
      list={{ back: 'aux entités', to: '/app/admin/entites' }}
      newTitle="Nouvelle entité"
      creation={<EntityForm />}
      existing={(id) => <ExistingEntity id={id} />}
      notFound="Cette entité n'existe pas."
    />
  );
}
