/** Legal notices (specification §1): static content. */
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { BackHomeButton } from '../../../components/BackHomeButton';
import { LEGAL_NOTICE } from '../legal-notice';
import { usePageTitle } from '../../../components/usePageTitle';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={3} fz="lg">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export function LegalNoticePage() {
  usePageTitle('Mentions légales');
  const { publisher, developer, host } = LEGAL_NOTICE;
  return (
    <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} maw={820} mx="auto">
      <Stack gap="lg">
        <Title order={2}>Mentions légales</Title>
        <Section title="Éditeur du site">
          <Text>{publisher.name}</Text>
          <Text>{publisher.address}</Text>
          <Text>
            Contact :{' '}
            <Anchor href={`mailto:${publisher.email}`} inherit>
              {publisher.email}
            </Anchor>
          </Text>
          <Text>Directeur de la publication : {publisher.director}</Text>
        </Section>
        <Section title="Conception et développement">
          <Text>{developer.name}</Text>
          <Text>{developer.address}</Text>
        </Section>
        <Section title="Hébergement">
          <Text>{host.name}</Text>
          <Text>{host.address}</Text>
        </Section>
        <Section title="Confidentialité et données personnelles">
          <Text>
            L'Union s'engage à préserver la confidentialité des informations qui lui sont confiées. Les
            données personnelles recueillies sur cet intranet (identité, coordonnées, appartenances,
            commandes) servent uniquement à la vie des loges et associations de l'Union : elles ne sont ni
            cédées, ni vendues, ni utilisées à des fins commerciales.
          </Text>
          <Text>
            Conformément au règlement général sur la protection des données (RGPD) et à la loi « Informatique
            et libertés », vous disposez d'un droit d'accès, de rectification, d'effacement et d'opposition
            sur les données qui vous concernent. Pour l'exercer, écrivez à{' '}
            <Anchor href={`mailto:${publisher.email}`} inherit>
              {publisher.email}
            </Anchor>
            .
          </Text>
          <Text>
            Le site n'utilise que les cookies nécessaires à son fonctionnement (sécurité de la session) ;
            aucun cookie de mesure d'audience ni de publicité n'est déposé.
          </Text>
        </Section>
        <Group>
          <BackHomeButton />
        </Group>
      </Stack>
    </Paper>
  );
}
