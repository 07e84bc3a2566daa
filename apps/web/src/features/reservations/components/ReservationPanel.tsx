/**
 * The panel of one reservation: details, history, and exactly the buttons of the actions the server allows
 * (never recomputed here). Refusals ask a reason; other actions ask a confirmation.
 */
import {
  Alert,
  Badge,
  Button,
  Drawer,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import {
  ReservationAction,
  ReservationState,
  ReservationType,
  type ReservationChangeAction,
  type ReservationDetail,
} from '@union/contract';
import { useState } from 'react';
import { openDialog } from '../../../components/dialog';
import { toast } from '../../../components/toast';
import { useChangeReservation } from '../api/change-reservation';
import { ConvocationLinks } from './ConvocationLinks';
import { longDate } from '../api/dates';
import { useReservationInfos } from '../api/reservation-infos';
import { STATE_COLORS } from './colors';
import { ReasonModal } from './ReasonModal';

const DONE: Record<ReservationChangeAction, string> = {
  EDIT: 'La réservation est modifiée.',
  CANCEL_CREATION: 'Votre demande est annulée.',
  ACCEPT_CREATION: 'La demande est acceptée : la salle est réservée.',
  REFUSE_CREATION: 'La demande est refusée ; le demandeur est prévenu.',
  ASK_DELETION: 'La demande de suppression est envoyée au secrétariat de l’Union.',
  CANCEL_DELETION: 'La demande de suppression est annulée.',
  ACCEPT_DELETION: 'La réservation est supprimée.',
  REFUSE_DELETION: 'La suppression est refusée ; la réservation est maintenue.',
  DELETE: 'La réservation est supprimée.',
};

const NEEDS_REASON: ReservationChangeAction[] = ['REFUSE_CREATION', 'REFUSE_DELETION'];
const DANGER: ReservationChangeAction[] = ['REFUSE_CREATION', 'REFUSE_DELETION', 'DELETE', 'ACCEPT_DELETION'];

interface Props {
  id: number | null;
  onClose: () => void;
  onEdit: (reservation: ReservationDetail) => void;
}

export function ReservationPanel({ id, onClose, onEdit }: Props) {
  const infos = useReservationInfos(id);
  const change = useChangeReservation();
  const [refusing, setRefusing] = useState<ReservationChangeAction | null>(null);
  const r = infos.data;

  function run(action: ReservationChangeAction, motif?: string) {
    if (!r) return;
    change.mutate(
      { action, body: { id: r.id, ...(motif ? { motif } : {}) } },
      {
        onSuccess: () => {
          toast('success', DONE[action]);
          setRefusing(null);
        },
      },
    );
  }

  async function onAction(action: ReservationChangeAction) {
    if (!r) return;
    if (action === 'EDIT') return onEdit(r);
    if (NEEDS_REASON.includes(action)) return setRefusing(action);
    const answer = await openDialog({
      type: 'question',
      title: ReservationAction.labels[action],
      text: `${ReservationAction.labels[action]} pour « ${r.libelle ?? r.entite} », ${r.salle}, le ${longDate(r.date)} de ${r.heureDebut} à ${r.heureFin} ?`,
      okLabel: ReservationAction.labels[action],
    });
    if (answer === 'ok') run(action);
  }

  const buttons = (r?.actions ?? []).filter((a): a is ReservationChangeAction => a !== 'INFOS');

  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="md"
      // A string: the drawer's own title is already a heading (h2), and a heading inside it is invalid HTML.
      title="Réservation"
    >
      {infos.isPending && <Loader aria-label="Chargement de la réservation" />}
      {r && (
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={3} size="h4" style={{ wordBreak: 'break-word' }}>
              {r.libelle ?? r.entite}
            </Title>
            <Group gap="xs">
              <Badge color={STATE_COLORS[r.etat]}>{ReservationState.labels[r.etat]}</Badge>
              {r.type && (
                <Badge variant="light" color="gray">
                  {ReservationType.labels[r.type]}
                </Badge>
              )}
              {r.idPlanning !== null && (
                <Badge variant="outline" color="gray">
                  Planning annuel
                </Badge>
              )}
            </Group>
          </Stack>
          {r.etat === 'SU' && r.motifRefus && (
            <Alert color="red" variant="light" title="Demande refusée">
              {r.motifRefus}
            </Alert>
          )}
          <Table variant="vertical" layout="fixed" withTableBorder={false}>
            <Table.Tbody>
              <Row label="Salle" value={r.salle} />
              <Row label="Date" value={longDate(r.date)} />
              <Row label="Horaire" value={`${r.heureDebut} – ${r.heureFin}`} />
              <Row label="Loge ou association" value={r.entite} />
              {/* Another lodge's booking comes without them (only the lodge, the room and the time). */}
              {r.demandeur !== undefined && (
                <Row
                  label="Demandeur"
                  value={r.demandeur ? `${r.demandeur.prenom} ${r.demandeur.nom}` : '—'}
                />
              )}
              {r.participants !== undefined && (
                <Row label="Participants" value={r.participants === null ? '—' : String(r.participants)} />
              )}
              {r.commentaire && <Row label="Commentaire" value={r.commentaire} />}
            </Table.Tbody>
          </Table>
          <ConvocationLinks idReservation={r.id} />
          {buttons.length > 0 && (
            <Group gap="xs">
              {buttons.map((action) => (
                <Button
                  key={action}
                  size="sm"
                  variant={action === 'ACCEPT_CREATION' ? 'filled' : 'light'}
                  color={DANGER.includes(action) ? 'red' : action === 'ACCEPT_CREATION' ? 'green' : undefined}
                  loading={change.isPending && change.variables?.action === action}
                  onClick={() => void onAction(action)}
                >
                  {ReservationAction.labels[action]}
                </Button>
              ))}
            </Group>
          )}
          {/* Another lodge's booking has no history to read (who asked, who decided). */}
          {r.libelle !== undefined && (
            <Stack gap="xs">
              <Title order={5}>Historique</Title>
              {r.historique.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Aucune action enregistrée.
                </Text>
              ) : (
                <Timeline bulletSize={14} lineWidth={2}>
                  {r.historique.map((h, i) => (
                    // The server writes the whole sentence: what, by whom, when (Paris), which fields.
                    <Timeline.Item key={i} title={h.libelle}>
                      {h.motif && (
                        <Text size="sm" style={{ wordBreak: 'break-word' }}>
                          Motif : {h.motif}
                        </Text>
                      )}
                    </Timeline.Item>
                  ))}
                </Timeline>
              )}
            </Stack>
          )}
        </Stack>
      )}
      <ReasonModal
        key={refusing ?? 'none'}
        title={refusing ? ReservationAction.labels[refusing] : null}
        loading={change.isPending}
        onConfirm={(motif) => refusing && run(refusing, motif)}
        onClose={() => setRefusing(null)}
      />
    </Drawer>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Table.Tr>
      <Table.Th w={150}>{label}</Table.Th>
      <Table.Td style={{ wordBreak: 'break-word', whiteSpace: 'pre-line' }}>{value}</Table.Td>
    </Table.Tr>
  );
}
