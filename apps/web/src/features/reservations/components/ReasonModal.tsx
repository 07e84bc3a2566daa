/** Asks the reason of a refusal: required, sent to the requester. */
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';

interface Props {
  title: string | null;
  loading: boolean;
  onConfirm: (motif: string) => void;
  onClose: () => void;
}

export function ReasonModal({ title, loading, onConfirm, onClose }: Props) {
  const [motif, setMotif] = useState('');
  return (
    <Modal opened={title !== null} onClose={onClose} title={title} centered closeOnClickOutside={false}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (motif.trim()) onConfirm(motif.trim());
        }}
      >
        <Stack gap="sm">
          <Text size="sm">Le motif est transmis au demandeur par e-mail et reste dans l’historique.</Text>
          <Textarea
            label="Motif du refus"
            value={motif}
            onChange={(e) => setMotif(e.currentTarget.value)}
            autosize
            minRows={3}
            maxLength={1000}
            required
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <Button type="submit" color="red" loading={loading} disabled={!motif.trim()}>
              Refuser
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
