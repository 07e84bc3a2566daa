/**
 * The foot of every form: « Annuler » then the submit button, on the right. The submit button is a
 * `SubmitButton` (it says why it is disabled); its label is « Enregistrer » unless the form says otherwise.
 */
import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { SubmitButton } from './SubmitButton';

type FormActionsProps = Omit<Parameters<typeof SubmitButton>[0], 'children'> & {
  onCancel: () => void;
  children?: ReactNode;
};

export function FormActions({ onCancel, children = 'Enregistrer', mt, ...submit }: FormActionsProps) {
  return (
    <Group justify="flex-end" align="flex-start" mt={mt}>
      <Button variant="default" onClick={onCancel}>
        Annuler
      </Button>
      <SubmitButton {...submit}>{children}</SubmitButton>
    </Group>
  );
}
