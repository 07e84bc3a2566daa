/**
 * The habilitations of a user, grouped with their French labels, and the profile shortcuts of
 * DECISIONS §1: a profile only fills the checkboxes, the administrator can still change each one.
 */
import { Button, Checkbox, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { HABILITATIONS, PROFILES, type Habilitation } from '@union/contract';

/** How the form groups the twelve habilitations. */
const HABILITATION_GROUPS: { titre: string; codes: Habilitation[] }[] = [
  { titre: 'Accès', codes: ['USER', 'ADMIN'] },
  { titre: 'Modules', codes: ['DIFFUSION', 'PLANNING', 'LOGE'] },
  { titre: 'Restauration', codes: ['RESTAURATION', 'MENUS', 'PAYMENT'] },
  { titre: 'Comptabilité', codes: ['COMPTA_LECTURE', 'COMPTA_SAISIE'] },
  { titre: 'Documents', codes: ['DOCUMENTS_LECTURE', 'DOCUMENTS_LECTURE_ALL'] },
];

interface Props {
  value: Habilitation[];
  onChange: (value: Habilitation[]) => void;
  disabled?: boolean;
  /** Whether the profile shortcuts show (a user's form); a rule over habilitations has no use for them. */
  profiles?: boolean;
}

export function HabilitationsPicker({ value, onChange, disabled, profiles = true }: Props) {
  const toggle = (code: Habilitation, on: boolean) =>
    onChange(on ? [...value, code] : value.filter((h) => h !== code));
  return (
    <Stack gap="md">
      {profiles && (
        <div>
          <Text size="sm" fw={500} mb={6}>
            Profils
          </Text>
          <Group gap="xs">
            {Object.entries(PROFILES).map(([name, codes]) => (
              <Button
                key={name}
                size="compact-sm"
                variant="light"
                disabled={disabled}
                onClick={() => onChange([...codes])}
              >
                {name}
              </Button>
            ))}
          </Group>
        </div>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {HABILITATION_GROUPS.map((group) => (
          <Stack key={group.titre} gap={8}>
            <Title order={4} fz="sm" c="dimmed">
              {group.titre}
            </Title>
            {group.codes.map((code) => (
              <Checkbox
                key={code}
                disabled={disabled}
                checked={value.includes(code)}
                onChange={(event) => toggle(code, event.currentTarget.checked)}
                label={HABILITATIONS[code].libelle}
                description={HABILITATIONS[code].description}
              />
            ))}
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
