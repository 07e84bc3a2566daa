/** Sets a bank line aside (issue 34): it stays without a payment, with the note that says why. */
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import type { BankLine } from '@union/contract';
import { useState } from 'react';
import { toast } from '../../../components/toast';
import { formatDay } from '../../../lib/dates';
import { formatCents } from '../../../lib/format';
import { useIgnoreLine } from '../api/bank';

export function IgnoreLineModal({ line, onClose }: { line: BankLine | null; onClose: () => void }) {
  const [note, setNote] = useState('');
  const ignore = useIgnoreLine();
  const close = () => {
    setNote('');
    onClose();
  };
  const submit = () =>
    line &&
    ignore.mutate(
      { line, note },
      {
        onSuccess: () => {
          toast('success', 'La ligne reste sans correspondance.');
          close();
        },
      },
    );
  return (
    <Modal
      opened={line !== null}
      onClose={close}
      title={line ? `Ligne du ${formatDay(line.dateComptable)} de ${formatCents(line.montant)}` : ''}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <Textarea
            label="Pourquoi cette ligne reste sans correspondance"
            description="Un don, un remboursement, une dépense de l’Union…"
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            required
            maxLength={500}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Annuler
            </Button>
            <Button type="submit" loading={ignore.isPending} disabled={!note.trim()}>
              Laisser sans correspondance
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
