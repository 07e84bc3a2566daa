/** Asks the reason of a refusal: required, sent to the requester. */
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { ReservationChangeSchema } from '@union/contract';
import { useState } from 'react';
import { useContractCheck } from '../../../components/forms/contract-form';
import { SubmitButton } from '../../../components/SubmitButton';

/** The reason as the contract checks it in the body of the refusal. */
const ReasonSchema = ReservationChangeSchema.pick({ motif: true });

interface Props {
  title: string | null;
  loading: boolean;
  onConfirm: (motif: string) => void;
  onClose: () => void;
}

export function ReasonModal({ title, loading, onConfirm, onClose }: Props) {
  const [motif, setMotif] = useState('');
  const { errors, check } = useContractCheck(['motif']);
  return (
    <Modal opened={title !== null} onClose={onClose} title={title} centered closeOnClickOutside={false}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const body = motif.trim() ? check(ReasonSchema, { motif }) : null;
          if (body?.motif) onConfirm(body.motif);
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
            error={errors.motif}
            data-autofocus
          />
          <Group justify="flex-end" align="flex-start">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <SubmitButton
              color="red"
              loading={loading}
              disabledReason={motif.trim() ? null : 'Indiquez le motif du refus.'}
            >
              Refuser
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
