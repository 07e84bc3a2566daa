/**
 * What the administrators do with the users selected in the list (issue 33): write to them (a mailto:
 * with every address in Bcc, docs/decisions/users.md says why), export them to Excel, and add or remove
 * habilitations on all of them at once (one refused refuses all, the server's message names who).
 */
import { Alert, Button, Group, Modal, MultiSelect, Paper, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconMail, IconShieldCheck, IconX } from '@tabler/icons-react';
import { HABILITATION_CODES, HABILITATIONS, type Habilitation, type UserListRow } from '@union/contract';
import { useState } from 'react';
import { asyncHandler } from '../../../components/error-handler';
import { SubmitButton } from '../../../components/SubmitButton';
import { toast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import { downloadSelection, useBulkHabilitations } from '../api/users';

/** The mailto: address writing to everyone selected, each address in Bcc (no one sees the others'). */
export const mailtoOf = (rows: UserListRow[]) =>
  `mailto:?bcc=${rows.map((row) => encodeURIComponent(row.email)).join(',')}`;

const HABILITATION_OPTIONS = HABILITATION_CODES.map((code) => ({
  value: code,
  label: HABILITATIONS[code].libelle,
}));

const plural = (n: number) => `${n} utilisateur${n > 1 ? 's' : ''}`;

function BulkHabilitationsModal({ rows, onClose }: { rows: UserListRow[]; onClose: () => void }) {
  const [ajouter, setAjouter] = useState<Habilitation[]>([]);
  const [retirer, setRetirer] = useState<Habilitation[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const bulk = useBulkHabilitations();
  const submit = async () => {
    setRefusal(null);
    try {
      const { modifies } = await bulk.mutateAsync({ ids: rows.map((row) => row.id), ajouter, retirer });
      toast('success', `Habilitations changées pour ${plural(modifies)}.`);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 412) setRefusal(error.message);
      else throw error;
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Changer les habilitations de ${plural(rows.length)}`}>
      <form onSubmit={(event) => (event.preventDefault(), void asyncHandler(submit)())}>
        <Stack>
          <MultiSelect
            label="Habilitations à ajouter"
            data={HABILITATION_OPTIONS.filter((o) => !retirer.includes(o.value))}
            value={ajouter}
            onChange={(value) => setAjouter(value as Habilitation[])}
            searchable
          />
          <MultiSelect
            label="Habilitations à retirer"
            data={HABILITATION_OPTIONS.filter((o) => !ajouter.includes(o.value))}
            value={retirer}
            onChange={(value) => setRetirer(value as Habilitation[])}
            searchable
          />
          {refusal && (
            <Alert color="red" role="alert" title="Rien n'a été changé">
              {refusal}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <SubmitButton
              loading={bulk.isPending}
              disabledReason={
                ajouter.length + retirer.length === 0
                  ? 'Choisissez une habilitation à ajouter ou à retirer.'
                  : null
              }
            >
              Appliquer à {plural(rows.length)}
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The bar above the list once someone is selected: the count (read aloud) and the three actions. */
export function UsersSelectionBar({ rows, onClear }: { rows: UserListRow[]; onClear: () => void }) {
  const [editing, setEditing] = useState(false);
  const [exporting, setExporting] = useState(false);
  const count = rows.length;
  const exportSelection = asyncHandler(async () => {
    setExporting(true);
    try {
      await downloadSelection(rows.map((row) => row.id));
    } finally {
      setExporting(false);
    }
  });
  return (
    <Paper withBorder p="sm" radius="md" role="region" aria-label="Utilisateurs sélectionnés">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fw={500} aria-live="polite">
          {count === 0
            ? 'Aucun utilisateur sélectionné : cochez des lignes pour agir sur elles.'
            : `${plural(count)} sélectionné${count > 1 ? 's' : ''}`}
        </Text>
        {count > 0 && (
          <Group gap="xs" wrap="wrap">
            <Button component="a" href={mailtoOf(rows)} variant="light" leftSection={<IconMail size={16} />}>
              Écrire aux sélectionnés
            </Button>
            <Button
              variant="light"
              leftSection={<IconFileSpreadsheet size={16} />}
              loading={exporting}
              onClick={() => void exportSelection()}
            >
              Exporter (Excel)
            </Button>
            <Button
              variant="light"
              leftSection={<IconShieldCheck size={16} />}
              onClick={() => setEditing(true)}
            >
              Changer les habilitations
            </Button>
            <Button variant="subtle" color="gray" leftSection={<IconX size={16} />} onClick={onClear}>
              Tout désélectionner
            </Button>
          </Group>
        )}
      </Group>
      {editing && <BulkHabilitationsModal rows={rows} onClose={() => setEditing(false)} />}
    </Paper>
  );
}
