/**
 * One editable contact field of the account page (e-mail or telephone), saved on its own, checked with
 * the contract's schema of its call as it is typed.
 */
import { Button, Group, TextInput } from '@mantine/core';
import { checkRequest, type ContractSchema } from '@union/contract';
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
  /** The contract's schema of the `{data}` body (the server checks it again). */
  schema: ContractSchema;
}

export function ContactField({
  field,
  label,
  initialValue,
  type,
  autoComplete,
  successText,
  schema,
}: ContactFieldProps) {
  const update = useUpdateAccount(field);
  const [value, setValue] = useState(initialValue);
  const checked = value === initialValue ? null : checkRequest(schema, { data: value });
  const error = checked && !checked.success ? (checked.errors.data ?? null) : null;
  const changed = value.trim() !== initialValue;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (error) return;
    // Never disabled (a disabled button would have to say why): an unchanged value is simply not sent.
    if (!changed) {
      toast('info', 'Aucune modification à enregistrer.');
      return;
    }
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
