/**
 * A submit button that says why it is disabled: the reason is shown beside it and tied to it with
 * aria-describedby, so nobody is left before a grey button wondering what is missing.
 */
import { Button, Stack, Text, type ButtonProps } from '@mantine/core';
import { useId, type ReactNode } from 'react';

interface SubmitButtonProps extends ButtonProps {
  /** Why the form cannot be sent yet; null or empty when it can. */
  disabledReason?: string | null;
  children: ReactNode;
}

export function SubmitButton({ disabledReason, children, fullWidth, ...props }: SubmitButtonProps) {
  const hintId = useId();
  const reason = disabledReason || null;
  // One structure whether a reason shows or not: the button stays the same element (and keeps focus).
  return (
    <Stack gap={4} align={fullWidth ? 'stretch' : 'flex-end'}>
      <Button
        type="submit"
        {...props}
        fullWidth={fullWidth}
        disabled={reason !== null}
        aria-describedby={reason ? hintId : undefined}
      >
        {children}
      </Button>
      {reason && (
        <Text id={hintId} size="xs" c="dimmed" ta={fullWidth ? 'center' : 'right'}>
          {reason}
        </Text>
      )}
    </Stack>
  );
}
