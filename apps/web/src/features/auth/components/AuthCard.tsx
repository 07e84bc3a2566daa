/** The frame of the password pages, and their way back home. */
import { Button, Group, Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} maw={560} mx="auto">
      {children}
    </Paper>
  );
}

export function HomeButton() {
  return (
    <Group>
      <Button component={Link} to="/" variant="default">
        Retour à la page d'accueil
      </Button>
    </Group>
  );
}
