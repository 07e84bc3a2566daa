import { Text } from '@mantine/core';

/** The employers-only notice shared by the landing and access-denied pages (specification §1). */
export function EmployersNotice() {
  return (
    <Text size="sm">
      Ce service est réservé aux particuliers employeurs. Si vous n'êtes pas particulier employeur, nous vous
      invitons à contacter l'un de vos employeurs. Les membres des loges et associations de l'Union se
      connectent avec l'identifiant qui leur a été communiqué.
    </Text>
  );
}
