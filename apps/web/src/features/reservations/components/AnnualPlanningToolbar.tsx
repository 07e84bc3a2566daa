/**
 * The annual planning's toolbar: the year, lodge and room filters; for Union staff, adding an entry and
 * opening the next year.
 */
import { Button, Group, Select } from '@mantine/core';
import { IconCalendarPlus, IconPlus } from '@tabler/icons-react';

interface Props {
  /** The open years, the latest first. */
  years: { annee: number; libelle: string; entrees: number }[];
  annee: number | null;
  onYear: (annee: number) => void;
  /** '0': all. */
  entite: string;
  onEntite: (entite: string) => void;
  /** '0': all. */
  salle: string;
  onSalle: (salle: string) => void;
  entities: { id: number; nom: string }[];
  rooms: { id: number; nom: string }[];
  gestion: boolean | undefined;
  /** The masonic year of today, opened first when none is. */
  current: number;
  onAdd: (annee: number) => void;
  onOpenYear: () => void;
  opening: boolean;
}

export function AnnualPlanningToolbar({
  years,
  annee,
  onYear,
  entite,
  onEntite,
  salle,
  onSalle,
  entities,
  rooms,
  gestion,
  current,
  onAdd,
  onOpenYear,
  opening,
}: Props) {
  return (
    <Group gap="xs" align="flex-end">
      <Select
        label="Année"
        data={years.map((y) => ({
          value: String(y.annee),
          label: `${y.libelle} (${y.entrees} tenues)`,
        }))}
        value={annee === null ? null : String(annee)}
        onChange={(v) => v && onYear(Number(v))}
        w={{ base: '100%', xs: 220 }}
        allowDeselect={false}
        placeholder="Aucune année"
      />
      <Select
        label="Loge ou association"
        data={[
          { value: '0', label: 'Toutes' },
          ...entities.map((e) => ({ value: String(e.id), label: e.nom })),
        ]}
        value={entite}
        onChange={(v) => onEntite(v ?? '0')}
        searchable
        allowDeselect={false}
        w={{ base: '100%', xs: 260 }}
      />
      <Select
        label="Salle"
        data={[{ value: '0', label: 'Toutes' }, ...rooms.map((r) => ({ value: String(r.id), label: r.nom }))]}
        value={salle}
        onChange={(v) => onSalle(v ?? '0')}
        allowDeselect={false}
        w={{ base: '100%', xs: 200 }}
      />
      {gestion && annee !== null && (
        <Button leftSection={<IconPlus size={18} />} onClick={() => onAdd(annee)}>
          Ajouter une tenue
        </Button>
      )}
      {gestion && (
        <Button
          variant="light"
          leftSection={<IconCalendarPlus size={18} />}
          onClick={onOpenYear}
          loading={opening}
        >
          {years.length
            ? `Ouvrir l’année ${years[0]!.annee + 1}-${years[0]!.annee + 2}`
            : `Ouvrir l’année ${current}-${current + 1}`}
        </Button>
      )}
    </Group>
  );
}
