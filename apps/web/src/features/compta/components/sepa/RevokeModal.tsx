/** Revokes a SEPA mandate (issue 34 §4): the day and the reason; the lodge is no longer debited under it. */
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { parisDay, type Mandate } from '@union/contract';
import { useState } from 'react';
import { DateField } from '../../../../components/DateField';
import { toast } from '../../../../components/toast';
import { useRevokeMandate } from './api';

export function RevokeModal({ mandate, onClose }: { mandate: Mandate | null; onClose: () => void }) {
  const [date, setDate] = useState(parisDay());
  const [motif, setMotif] = useState('');
  const revoke = useRevokeMandate();
  const close = () => {
    setMotif('');
    onClose();
  };
  const submit = () =>
    mandate &&
    revoke.mutate(
      { mandate, body: { date, motif } },
      {
        onSuccess: () => {
          toast('success', `Le mandat ${mandate.rum} est révoqué.`);
          close();
        },
      },
    );
  return (
    <Modal
      opened={mandate !== null}
      onClose={close}
      title={mandate ? `Révoquer le mandat ${mandate.rum}` : ''}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <DateField
            label="Date de révocation"
            maxDate={parisDay()}
            required
            value={date}
            onChange={setDate}
          />
          <Textarea
            label="Motif"
            description="Changement de banque, demande de la loge…"
            required
            maxLength={300}
            value={motif}
            onChange={(e) => setMotif(e.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Annuler
            </Button>
            <Button type="submit" color="red" loading={revoke.isPending} disabled={!motif.trim()}>
              Révoquer
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
