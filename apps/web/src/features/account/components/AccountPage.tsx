/** The account page (DECISIONS §2): identity, password, contact details and notification preferences. */
import { Alert, Card, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { EmailBodySchema, TelephoneBodySchema, type Account } from '@union/contract';
import type { ReactNode } from 'react';
import { PersonalDataButton } from '../../admin';
import { useAccount } from '../api/account';
import { CalendarFeedPanel } from './CalendarFeedPanel';
import { ContactField } from './ContactField';
import { NotificationSwitch } from './NotificationSwitch';
import { PasskeysPanel } from './PasskeysPanel';
import { PasswordForm } from './PasswordForm';
import { SecondFactorPanel } from './SecondFactorPanel';
import { SECOND_FACTOR_SECTION } from './SecondFactorReminder';
import { SessionsPanel } from './SessionsPanel';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { usePageTitle } from '../../../components/usePageTitle';

function Panel({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <Card withBorder padding="lg" id={id} style={id ? { scrollMarginTop: 80 } : undefined}>
      <Stack gap="md">
        <Title order={3} fz="lg">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

function Identity({ account }: { account: Account }) {
  return (
    <Table variant="vertical" withTableBorder={false}>
      <Table.Tbody>
        <Table.Tr>
          <Table.Th w={140}>Identifiant</Table.Th>
          <Table.Td>{account.identifiant}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>Nom</Table.Th>
          <Table.Td>{account.nom}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>Prénom</Table.Th>
          <Table.Td>{account.prenom}</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

export function AccountPage() {
  usePageTitle('Mon compte');
  const { data: account, isPending, isError } = useAccount();
  const { hash } = useLocation();
  // The portal's reminder links to a section: once the page is there, it is brought into view.
  useEffect(() => {
    if (account && hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [account, hash]);

  return (
    <Stack gap="lg">
      <Title order={2}>Mon compte</Title>
      {isPending && <Loader aria-label="Chargement du compte" />}
      {isError && (
        <Alert color="red" icon={<IconAlertTriangle />}>
          Votre compte n'a pas pu être chargé.
        </Alert>
      )}
      {account && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Panel title="Identité">
            <Identity account={account} />
            <Text size="sm" c="dimmed">
              Pour corriger votre nom ou votre prénom, adressez-vous au secrétariat de l'Union.
            </Text>
          </Panel>
          <Panel title="Coordonnées">
            <ContactField
              field="email"
              label="Adresse e-mail"
              type="email"
              autoComplete="email"
              initialValue={account.email}
              successText="Votre adresse e-mail a été modifiée."
              schema={EmailBodySchema}
            />
            <ContactField
              field="telephone"
              label="Téléphone"
              type="tel"
              autoComplete="tel"
              initialValue={account.telephone ?? ''}
              successText="Votre numéro de téléphone a été modifié."
              schema={TelephoneBodySchema}
            />
          </Panel>
          <Panel title="Mot de passe">
            <PasswordForm />
          </Panel>
          <Panel title="Double authentification" id={SECOND_FACTOR_SECTION}>
            <SecondFactorPanel />
          </Panel>
          <Panel title="Clés d’accès">
            <PasskeysPanel />
          </Panel>
          <Panel title="Mes sessions">
            <SessionsPanel />
          </Panel>
          <Panel title="Notifications par e-mail">
            <NotificationSwitch
              field="notificationRestauration"
              label="Restauration"
              description="Recevoir un e-mail quand un nouveau menu est publié."
              checked={account.notificationRestauration}
            />
            <NotificationSwitch
              field="notificationDocuments"
              label="Documents"
              description="Recevoir un e-mail quand un document m'est diffusé."
              checked={account.notificationDocuments}
            />
            <NotificationSwitch
              field="notificationMessages"
              label="Messages"
              description="Recevoir par e-mail les messages de diffusion envoyés aussi par e-mail."
              checked={account.notificationMessages}
            />
          </Panel>
          <Panel title="Agenda">
            <CalendarFeedPanel />
          </Panel>
          <Panel title="Mes données personnelles">
            <PersonalDataButton />
          </Panel>
        </SimpleGrid>
      )}
    </Stack>
  );
}
