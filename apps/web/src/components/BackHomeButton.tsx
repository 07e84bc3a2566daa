import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

/** The back-to-home button of the public pages. */
export function BackHomeButton() {
  return (
    <Button component={Link} to="/" variant="light" leftSection={<IconArrowLeft size={18} />}>
      Retour à la page d'accueil
    </Button>
  );
}
