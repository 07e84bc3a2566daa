/**
 * « Relances » (issue 20): the overdue invoices with the level each is due for (the settings' delays),
 * chosen with checkboxes, previewed, then sent in one action; every letter sent stays downloadable.
 */
import {
  Alert,
  Button,
  Checkbox,
  Group,
  List,
  Loader,
  Modal,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { plural, type ReminderBatchReport } from '@union/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { openDialog } from '../../../components/dialog';
import { ScrollTable } from '../../../components/ScrollTable';
import { usePageTitle } from '../../../components/usePageTitle';
import { formatCents } from '../../../lib/format';
import { formatDay } from '../../../lib/dates';
import { useHabilitation } from '../../../lib/session';
import { downloadLetter, reminderPreview, useOverdue, useSendReminders } from '../api/bulk';
import { REMINDER_LEVELS } from './shared';

const LEVELS = REMINDER_LEVELS;

export function RemindersPage() {
  usePageTitle('Relances');
  const { data, isPending, isError } = useOverdue();
  const mayWrite = useHabilitation('COMPTA_SAISIE');
  const [chosen, setChosen] = useState<number[]>([]);
  const [preview, setPreview] = useState<ReminderBatchReport | null>(null);
  const [loading, setLoading] = useState(false);
  const send = useSendReminders();
  const lignes = data?.lignes ?? [];
  const sendable = lignes.filter((l) => l.aEnvoyer).map((l) => l.id);
  const selected = chosen.filter((id) => sendable.includes(id));

  const toggle = (id: number, on: boolean) => setChosen((c) => (on ? [...c, id] : c.filter((x) => x !== id)));
  const showPreview = async () => {
    setLoading(true);
    try {
      setPreview(await reminderPreview(selected));
    } finally {
      setLoading(false);
    }
  };
  const confirm = async () => {
    const report = await send.mutateAsync(preview!.envoyees.map((e) => e.id));
    setPreview(null);
    setChosen([]);
    await openDialog({
      type: report.envoyees.length ? 'success' : 'info',
      title: 'Relances',
      text: `${plural(report.envoyees.length, 'relance envoyée', 'relances envoyées')}.`,
      details: [
        ...report.envoyees.map((e) => `${e.numeroFacture} — ${e.entite} : ${LEVELS[e.niveau]}`),
        ...report.ignorees.map((e) => `${e.numeroFacture} — ${e.entite} : non envoyée (${e.raison})`),
      ],
    });
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>Relances</Title>
        <Button component={Link} to=".." variant="default">
          Retour à la liste
        </Button>
      </Group>
      {data && (
        <Text size="sm">
          Rappel de paiement {data.delais.niveau1} jours après l’échéance, deuxième relance à{' '}
          {data.delais.niveau2} jours, mise en demeure à {data.delais.niveau3} jours ; au moins{' '}
          {data.delais.ecart} jours entre deux relances (Administration › Paramètres).{' '}
          {data.delais.automatique
            ? 'Les relances dues partent aussi automatiquement chaque matin.'
            : 'Les relances ne partent pas automatiquement.'}
        </Text>
      )}
      {isPending && <Loader aria-label="Chargement des factures en retard" />}
      {isError && <Alert color="red">Les factures en retard n’ont pas pu être chargées.</Alert>}
      {data && !lignes.length && <Alert color="green">Aucune facture en retard de paiement.</Alert>}
      {lignes.length > 0 && (
        <>
          {mayWrite && (
            <Group gap="sm" wrap="wrap">
              <Checkbox
                label={`Choisir toutes les relances à envoyer (${sendable.length})`}
                checked={sendable.length > 0 && selected.length === sendable.length}
                indeterminate={selected.length > 0 && selected.length < sendable.length}
                disabled={!sendable.length}
                onChange={(e) => setChosen(e.currentTarget.checked ? sendable : [])}
              />
              <Button
                leftSection={<IconSend size={18} />}
                disabled={!selected.length}
                loading={loading}
                onClick={() => void showPreview()}
              >
                {`Aperçu de l’envoi (${selected.length})`}
              </Button>
            </Group>
          )}
          <ScrollTable label="Factures en retard de paiement" minWidth={1000}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  {mayWrite && <Table.Th>Choisir</Table.Th>}
                  <Table.Th>Facture</Table.Th>
                  <Table.Th>Loge ou association</Table.Th>
                  <Table.Th>Échéance</Table.Th>
                  <Table.Th ta="right">Reste dû</Table.Th>
                  <Table.Th>Déjà envoyé</Table.Th>
                  <Table.Th>À envoyer</Table.Th>
                  <Table.Th>Lettres</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lignes.map((l) => (
                  <Table.Tr key={l.id}>
                    {mayWrite && (
                      <Table.Td>
                        <Checkbox
                          aria-label={`Relancer la facture ${l.numeroFacture} (${l.entite.nom})`}
                          checked={selected.includes(l.id)}
                          disabled={!l.aEnvoyer}
                          onChange={(e) => toggle(l.id, e.currentTarget.checked)}
                        />
                      </Table.Td>
                    )}
                    <Table.Td>
                      <Link to={`../commandes/${l.id}`}>{l.numeroFacture}</Link>
                    </Table.Td>
                    <Table.Td>{l.entite.nom}</Table.Td>
                    <Table.Td>
                      {formatDay(l.dateEcheance)}
                      <Text size="xs" c="dimmed">
                        {plural(l.joursRetard, 'jour de retard', 'jours de retard')}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{formatCents(l.reste)}</Table.Td>
                    <Table.Td>
                      {l.niveauEnvoye
                        ? `${LEVELS[l.niveauEnvoye]} (${formatDay(l.derniereRelance)})`
                        : 'Aucune'}
                    </Table.Td>
                    <Table.Td>
                      {l.aEnvoyer && l.prochainNiveau ? (
                        <Text size="sm" fw={600}>
                          {LEVELS[l.prochainNiveau]}
                        </Text>
                      ) : (
                        <Text size="sm" c="dimmed">
                          {l.raison}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="wrap">
                        {l.lettres.map((lettre) => (
                          <Button
                            key={lettre.rang}
                            size="compact-xs"
                            variant="subtle"
                            aria-label={`Télécharger la lettre ${lettre.rang} (${LEVELS[lettre.niveau]}, ${formatDay(lettre.date)}) de la facture ${l.numeroFacture}`}
                            onClick={() => void downloadLetter(l.id, lettre.rang)}
                          >
                            {`Niveau ${lettre.niveau}, ${formatDay(lettre.date)}`}
                          </Button>
                        ))}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </>
      )}
      <Modal
        opened={!!preview}
        onClose={() => setPreview(null)}
        title="Aperçu de l’envoi des relances"
        centered
        size="lg"
      >
        {preview && (
          <Stack gap="sm">
            <Alert color={preview.envoyees.length ? 'blue' : 'gray'}>
              {preview.envoyees.length
                ? `${plural(preview.envoyees.length, 'relance sera envoyée', 'relances seront envoyées')} par e-mail, avec la facture.`
                : 'Aucune relance à envoyer dans la sélection.'}
            </Alert>
            <List size="sm" aria-label="Relances à envoyer">
              {preview.envoyees.map((e) => (
                <List.Item key={e.id}>
                  {e.numeroFacture} — {e.entite} : {LEVELS[e.niveau]}, reste dû {formatCents(e.reste)}
                </List.Item>
              ))}
            </List>
            {preview.ignorees.length > 0 && (
              <List size="sm" aria-label="Relances non envoyées">
                {preview.ignorees.map((e) => (
                  <List.Item key={e.id}>
                    {e.numeroFacture || `n° ${e.id}`} {e.entite && `— ${e.entite}`} : {e.raison}
                  </List.Item>
                ))}
              </List>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setPreview(null)}>
                Annuler
              </Button>
              <Button
                onClick={() => void confirm()}
                loading={send.isPending}
                disabled={!preview.envoyees.length}
              >
                {`Envoyer ${plural(preview.envoyees.length, 'relance')}`}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
