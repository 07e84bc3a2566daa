/** One part of the portal's « Ce qui vous attend »: a titled list of lines. */
import { Card, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Title order={3} fz="h4" mb="xs">
        {title}
      </Title>
      <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {children}
      </Stack>
    </Card>
  );
}
