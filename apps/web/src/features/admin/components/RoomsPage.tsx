/**
 * The rooms of the building: name, capacity, colour (planning), hourly rate (room-rental invoices) and
 * whether they can still be booked. Rooms are retired, never deleted: reservations point to them.
 */
import {
  Alert,
  Badge,
  Button,
  ColorInput,
  ColorSwatch,
  Group,
  Loader,
  Modal,
  NumberInput,
  ScrollArea,
  Stack,
  Switch,
  Table,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { RoomCreateSchema, RoomUpdateSchema, type Room } from '@union/contract';
import { useForm } from '@mantine/form';
import { contractResolver, focusFirstInvalid } from '../../../components/forms/contract-form';
import { EurosInput } from '../../../components/EurosInput';
import { toast } from '../../../components/toast';
import { useRooms, useSaveRoom } from '../api/settings';
import { eurosToCents, formatCents } from '../../../lib/format';
import { useDialogState } from '../../../components/useDialogState';
import { FormActions } from '../../../components/FormActions';
import { AdminNav } from './AdminNav';
import { usePageTitle } from '../../../components/usePageTitle';

const SWATCHES = ['#1c7ed6', '#7048e8', '#2f9e44', '#f08c00', '#e03131', '#0c8599', '#c2255c', '#5c940d'];

interface FormValues {
  nom: string;
  capacite: number | string;
  couleur: string;
  /** In euros; sent in cents as tarifHoraire. */
  tarif: number | string;
  active: boolean;
}

function RoomModal({ room, onClose }: { room: Room | null; onClose: () => void }) {
  const save = useSaveRoom();
  const schema = room ? RoomUpdateSchema : RoomCreateSchema;
  // What the server receives.
  const bodyOf = (values: FormValues) => ({
    nom: values.nom,
    capacite: values.capacite === '' ? undefined : Number(values.capacite),
    couleur: values.couleur,
    tarifHoraire: values.tarif === '' ? undefined : eurosToCents(values.tarif),
    active: values.active,
    ...(room && { id: room.id }),
  });
  const form = useForm<FormValues>({
    initialValues: {
      nom: room?.nom ?? '',
      capacite: room?.capacite ?? 30,
      couleur: room?.couleur ?? SWATCHES[0]!,
      tarif: room ? room.tarifHoraire / 100 : 20,
      active: room?.active ?? true,
    },
    validate: contractResolver(schema, bodyOf, { tarifHoraire: 'tarif' }),
  });

  function submit(values: FormValues) {
    save.mutate(schema.parse(bodyOf(values)), {
      onSuccess: () => {
        toast('success', room ? 'Salle enregistrée.' : 'Salle créée.');
        onClose();
      },
    });
  }

  return (
    <Modal opened onClose={onClose} centered title={room ? `Modifier « ${room.nom} »` : 'Nouvelle salle'}>
      <form onSubmit={form.onSubmit(submit, focusFirstInvalid)} noValidate>
        <Stack gap="sm">
          <TextInput label="Nom" required {...form.getInputProps('nom')} />
          <NumberInput
            label="Capacité (personnes)"
            required
            min={1}
            allowDecimal={false}
            {...form.getInputProps('capacite')}
          />
          <ColorInput
            label="Couleur dans le planning"
            format="hex"
            swatches={SWATCHES}
            {...form.getInputProps('couleur')}
          />
          <EurosInput
            label="Tarif horaire"
            description="Pour les factures de location de salle"
            {...form.getInputProps('tarif')}
          />
          <Switch
            label="Réservable (décochez pour retirer la salle)"
            {...form.getInputProps('active', { type: 'checkbox' })}
          />
          <FormActions onCancel={onClose} loading={save.isPending} mt="sm" />
        </Stack>
      </form>
    </Modal>
  );
}

export function RoomsPage() {
  usePageTitle('Salles');
  const { data, isPending, isError } = useRooms();
  const [editing, setEditing] = useDialogState<Room | 'new'>();
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>Salles</Title>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>
          Nouvelle salle
        </Button>
      </Group>
      <AdminNav />
      {isPending && <Loader aria-label="Chargement des salles" />}
      {isError && <Alert color="red">La liste des salles n'a pas pu être chargée.</Alert>}
      {data && data.length === 0 && <Alert color="gray">Aucune salle pour l'instant.</Alert>}
      {data && data.length > 0 && (
        <ScrollArea type="auto">
          <Table striped miw={560} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Salle</Table.Th>
                <Table.Th ta="right">Capacité</Table.Th>
                <Table.Th ta="right">Tarif horaire</Table.Th>
                <Table.Th>État</Table.Th>
                <Table.Th w={50} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((room) => (
                <Table.Tr key={room.id}>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <ColorSwatch color={room.couleur} size={18} />
                      {room.nom}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">{room.capacite}</Table.Td>
                  <Table.Td ta="right">{formatCents(room.tarifHoraire)}</Table.Td>
                  <Table.Td>
                    <Badge color={room.active ? 'green' : 'gray'} variant="light">
                      {room.active ? 'Réservable' : 'Retirée'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      aria-label={`Modifier la salle ${room.nom}`}
                      onClick={() => setEditing(room)}
                    >
                      <IconPencil size={18} />
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      {editing !== null && (
        <RoomModal room={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
}
