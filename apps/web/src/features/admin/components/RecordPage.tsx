/**
 * The frame of an administration record (a user, an entity): its back link to the list (`BackLink`
 * « Retour aux utilisateurs ») and the choice between the
 * creation form, the record and "does not exist"; the record's header; its columns, the history aside.
 */
import { Alert, Grid, Group, Stack, Text, Title } from '@mantine/core';
import type { HistoryEntry } from '@union/contract';
import type { ReactNode } from 'react';
import { BackLink } from '../../../components/BackLink';
import { usePageTitle } from '../../../components/usePageTitle';
import { HistoryPanel } from './HistoryPanel';

interface PageProps {
  /** The id in the address: null to create a record. */
  id: number | null;
  /** The list the record belongs to: its address and its name after « Retour » (« aux utilisateurs »). */
  list: { back: string; to: string };
  /** The title of the creation form. */
  newTitle: string;
  /** The creation form, below its title. */
  creation: ReactNode;
  existing: (id: number) => ReactNode;
  notFound: string;
}

export function RecordPage({ id, list, newTitle, creation, existing, notFound }: PageProps) {
  return (
    <Stack gap="lg">
      <BackLink to={list.to} parent={list.back} />
      {id === null ? (
        <>
          <CreationTitle title={newTitle} />
          {creation}
        </>
      ) : Number.isInteger(id) && id > 0 ? (
        existing(id)
      ) : (
        <Alert color="red">{notFound}</Alert>
      )}
    </Stack>
  );
}

/** The creation form's heading, which also names the browser tab. */
function CreationTitle({ title }: { title: string }) {
  usePageTitle(title);
  return <Title order={2}>{title}</Title>;
}

interface HeaderProps {
  /** The record's name: the heading and the browser tab's title. */
  title: string;
  badge: ReactNode;
  subtitle: ReactNode;
  /** On the right: the buttons. */
  actions: ReactNode;
}

export function RecordHeader({ title, badge, subtitle, actions }: HeaderProps) {
  usePageTitle(title);
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap">
      <div style={{ minWidth: 0 }}>
        <Group gap="sm" wrap="wrap">
          <Title order={2} style={{ wordBreak: 'break-word' }}>
            {title}
          </Title>
          {badge}
        </Group>
        <Text size="sm" c="dimmed">
          {subtitle}
        </Text>
      </div>
      {actions}
    </Group>
  );
}

interface ColumnsProps {
  /** The form and the memberships. */
  children: ReactNode;
  /** The history, when the caller may see it. */
  history: { data: HistoryEntry[] | undefined; isPending: boolean } | null;
}

export function RecordColumns({ children, history }: ColumnsProps) {
  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Stack gap="lg">{children}</Stack>
      </Grid.Col>
      {history && (
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <HistoryPanel entries={history.data} isPending={history.isPending} />
        </Grid.Col>
      )}
    </Grid>
  );
}
