/**
 * Issues and e-mails all the drafts of a fee call in one action (issue 20), after a preview that says how
 * many, the total, and which lodges are left out and why. The server issues all or none.
 */
import { Alert, Button, Group, List, Modal, Select, Stack, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { Instalment, plural, type BulkIssuePreview } from '@union/contract';
import { useState } from 'react';
import { openDialog } from '../../../components/dialog';
import { formatCents } from '../../../lib/format';
import { bulkIssuePreview, useBulkIssue } from '../api/bulk';
import { masonicYearOf } from '../api/orders';
import { yearOptions } from './shared';

export function BulkIssueButton() {
  const [opened, setOpened] = useState(false);
  const [annee, setAnnee] = useState(String(masonicYearOf()));
  const [tranche, setTranche] = useState<Instalment>('A');
  const [preview, setPreview] = useState<BulkIssuePreview | null>(null);
  const [loading, setLoading] = useState(false);
  const issue = useBulkIssue();

  const close = () => {
    setOpened(false);
    setPreview(null);
  };
  const load = async () => {
    setLoading(true);
    try {
      setPreview(await bulkIssuePreview({ annee: Number(annee), tranche }));
    } finally {
      setLoading(false);
    }
  };
  const confirm = async () => {
    if (!preview) return;
    const report = await issue.mutateAsync({
      annee: preview.annee,
      tranche: preview.tranche,
      ids: preview.emises.map((e) => e.id),
    });
    close();
    await openDialog({
      type: 'success',
      title: 'Appel de cotisations émis',
      text: `${plural(report.emises.length, 'facture émise et envoyée', 'factures émises et envoyées')}.`,
      details: report.emises.map((e) => `${e.numero} — ${e.entite} : ${formatCents(e.total)}`),
    });
  };

  return (
    <>
      <Button variant="light" leftSection={<IconSend size={18} />} onClick={() => setOpened(true)}>
        Émettre et envoyer l’appel
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title="Émettre et envoyer les factures d’un appel"
        centered
        size="lg"
      >
        <Stack>
          <Text size="sm">
            Les factures en préparation de l’appel choisi sont émises (numérotées) et envoyées par e-mail en
            une fois. Voyez d’abord l’aperçu.
          </Text>
          <Group grow align="flex-end">
            <Select
              label="Année"
              data={yearOptions()}
              value={annee}
              onChange={(v) => {
                if (v) setAnnee(v);
                setPreview(null);
              }}
              allowDeselect={false}
            />
            <Select
              label="Tranche"
              data={Instalment.codes.map((c) => ({ value: c, label: Instalment.labels[c] }))}
              value={tranche}
              onChange={(v) => {
                if (v) setTranche(v as Instalment);
                setPreview(null);
              }}
              allowDeselect={false}
            />
          </Group>
          {!preview && (
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Annuler
              </Button>
              <Button onClick={() => void load()} loading={loading}>
                Voir l’aperçu
              </Button>
            </Group>
          )}
          {preview && (
            <Stack gap="sm" aria-live="polite">
              <Alert color={preview.emises.length ? 'blue' : 'gray'} title="Aperçu">
                {preview.emises.length
                  ? `${plural(preview.emises.length, 'facture sera émise', 'factures seront émises')} et ${preview.emises.length > 1 ? 'envoyées' : 'envoyée'}, pour un total de ${formatCents(preview.total)}.`
                  : 'Aucune facture en préparation à émettre pour cet appel.'}
              </Alert>
              {preview.emises.length > 0 && (
                <List size="sm" aria-label="Factures à émettre">
                  {preview.emises.map((e) => (
                    <List.Item key={e.id}>
                      {e.entite} : {formatCents(e.total)} ({e.email})
                    </List.Item>
                  ))}
                </List>
              )}
              {preview.ignorees.length > 0 && (
                <>
                  <Text size="sm" fw={600}>
                    Laissées en préparation
                  </Text>
                  <List size="sm" aria-label="Factures laissées en préparation">
                    {preview.ignorees.map((e) => (
                      <List.Item key={e.id}>
                        {e.entite} ({formatCents(e.total)}) : {e.raison}
                      </List.Item>
                    ))}
                  </List>
                </>
              )}
              <Group justify="flex-end">
                <Button variant="default" onClick={close}>
                  Annuler
                </Button>
                <Button
                  onClick={() => void confirm()}
                  loading={issue.isPending}
                  disabled={!preview.emises.length}
                >
                  {`Émettre et envoyer ${plural(preview.emises.length, 'facture')}`}
                </Button>
              </Group>
            </Stack>
          )}
        </Stack>
      </Modal>
    </>
  );
}
