/**
 * « Relances » (issue 20): the overdue invoices with the level each is due for (the settings' delays),
 * chosen with checkboxes, previewed, then sent in one action; every letter sent stays downloadable.
 */
import { Alert, Button, Checkbox, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { plural, type ReminderBatchReport } from '@union/contract';
import { useState } from 'react';
import { openDialog } from '../../../components/dialog';
import { ScrollTable } from '../../../components/ScrollTable';
import { usePageTitle } from '../../../components/usePageTitle';
import { useHabilitation } from '../../../lib/session';
import { reminderPreview, useOverdue, useSendReminders } from '../api/bulk';
import { ComptaNav } from './ComptaNav';
import { OverdueRow } from './OverdueRow';
import { RemindersPreview } from './RemindersPreview';
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
      </Group>
      <ComptaNav />
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
                  <OverdueRow
                    key={l.id}
                    line={l}
                    mayWrite={mayWrite}
                    selected={selected.includes(l.id)}
                    onToggle={toggle}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </>
      )}
      <RemindersPreview
        preview={preview}
        sending={send.isPending}
        onClose={() => setPreview(null)}
        onConfirm={() => void confirm()}
      />
    </Stack>
  );
}
