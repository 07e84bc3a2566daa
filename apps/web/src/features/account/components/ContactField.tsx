/** One editable contact field of the account page (e-mail or telephone), saved on its own. */
import { Button, Group, TextInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../components/toast';
import { useUpdateAccount } from '../api/update-account';

interface ContactFieldProps {
  field: 'email' | 'telephone';
  label: string;
  initialValue: string;
  type: 'email' | 'tel';
  autoComplete: string;
  successText: string;
  /** Returns an error message, or null when the value may be sent (the server checks it again). */
  validate: (value: string) => string | null;
}

export function ContactField({
  field,
  label,
  initialValue,
  type,
  autoComplete,
  successText,
  validate,
}: ContactFieldProps) {
  const update = useUpdateAccount(field);
  const [value, setValue] = useState(initialValue);
  const error = value === initialValue ? null : validate(value.trim());
  const changed = value.trim() !== initialValue;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!changed || error) return;
    update.mutate(value.trim(), {
      onSuccess: (account) => {
        setValue(account[field] ?? '');
        toast('success', successText);
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <TextInput
          label={label}
          type={type}
          autoComplete={autoComplete}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          error={error}
          style={{ flex: 1 }}
        />
        <Button
          type="submit"
          disabled={!changed || !!error}
          loading={update.isPending}
          aria-label={`Enregistrer : ${label}`}
          px="sm"
          // Keep the button level with the input when an error shows under it.
          mb={error ? 22 : 0}
        >
          <IconDeviceFloppy size={18} />
        </Button>
      </Group>
    </form>
  );
}
