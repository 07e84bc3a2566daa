/**
 * The annual planning: the regular sessions of each lodge for a masonic year, by lodge and room. Union
 * staff open the next year, add, change and delete entries; each save answers its conflicts report.
 */
import { Alert, Loader, Stack, Title } from '@mantine/core';
import { de, plural, type PlanningEntry, masonicYearOf } from '@union/contract';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { openDialog } from '../../../components/dialog';
import { toast } from '../../../components/toast';
import { todayIso } from '../api/dates';
import {
  useDeletePlanningEntry,
  useOpenYear,
  usePlanningEntries,
  usePlanningYears,
  useSavePlanningEntry,
} from '../api/planning';
import { useBookableEntities, useRooms } from '../api/reference';
import { AnnualPlanningToolbar } from './AnnualPlanningToolbar';
import { ConflictReport, type Report } from './ConflictReport';
import { EntryReservations } from './EntryReservations';
import { PlanningEntryForm, type EntryTarget } from './PlanningEntryForm';
import { PlanningEntryList } from './PlanningEntryList';
import { PlanningNav } from './PlanningNav';
import { YearGrid } from './YearGrid';
import { useReservationEditing } from './useReservationEditing';
import { usePageTitle } from '../../../components/usePageTitle';

export function AnnualPlanningPage() {
  usePageTitle('Planning annuel');
  const years = usePlanningYears();
  const gestion = years.data?.gestion;
  const [chosen, setChosen] = useState<number | null>(null);
  const [entite, setEntite] = useState('0');
  const [salle, setSalle] = useState('0');
  const [target, setTarget] = useState<EntryTarget | null>(null);
  const [report, setReport] = useState<Report | null>(null);
  const [shown, setShown] = useState<PlanningEntry | null>(null);
  const editing = useReservationEditing(gestion);

  const current = masonicYearOf(todayIso());
  const available = years.data?.annees ?? [];
  const annee =
    chosen ?? (available.find((y) => y.annee === current) ?? available[available.length - 1])?.annee ?? null;
  const entries = usePlanningEntries(annee, Number(entite), Number(salle));
  const rooms = useRooms();
  const entities = useBookableEntities(gestion === undefined ? undefined : true);
  const openYear = useOpenYear();
  const save = useSavePlanningEntry();
  const remove = useDeletePlanningEntry();

  async function open() {
    const next = available.length ? available[0]!.annee + 1 : current;
    const answer = await openDialog({
      type: 'question',
      title: 'Ouvrir une année',
      text: `Ouvrir l’année ${next}-${next + 1} ? Les tenues de l’année précédente y sont recopiées et leurs réservations créées.`,
      okLabel: `Ouvrir l’année ${next}-${next + 1}`,
    });
    if (answer !== 'ok') return;
    openYear.mutate(undefined, {
      onSuccess: (result) => {
        setChosen(result.annee.annee);
        setReport({
          title: `Année ${result.annee.libelle} ouverte`,
          creees: result.creees,
          conflits: result.conflits,
        });
      },
    });
  }

  async function del(entry: PlanningEntry) {
    const answer = await openDialog({
      type: 'question',
      title: 'Supprimer la tenue régulière',
      text: `Supprimer « ${entry.libelle} » ${de(entry.entite)} (${entry.regleLibelle}) ? Ses réservations à venir qui n’ont pas été modifiées à la main sont supprimées.`,
      okLabel: 'Supprimer la tenue',
    });
    if (answer !== 'ok') return;
    remove.mutate(entry.id, {
      onSuccess: (r) =>
        toast(
          'success',
          `Tenue supprimée ; ${plural(r.supprimees, 'réservation à venir supprimée', 'réservations à venir supprimées')}.`,
        ),
    });
  }

  return (
    <Stack gap="md">
      <Title order={2}>Planning annuel</Title>
      <PlanningNav gestion={gestion} />
      {years.isPending && <Loader aria-label="Chargement des années" />}
      {years.data && (
        <AnnualPlanningToolbar
          years={available}
          annee={annee}
          onYear={setChosen}
          entite={entite}
          onEntite={setEntite}
          salle={salle}
          onSalle={setSalle}
          entities={entities.data ?? []}
          rooms={rooms.data ?? []}
          gestion={gestion}
          current={current}
          onAdd={(year) => setTarget({ annee: year, entry: null })}
          onOpenYear={() => void open()}
          opening={openYear.isPending}
        />
      )}
      {years.data && available.length === 0 && (
        <Alert variant="light" color="gray" icon={<IconInfoCircle />}>
          Aucune année de planning n’est ouverte.
        </Alert>
      )}
      {entries.isLoading && <Loader aria-label="Chargement des tenues" />}
      {entries.data && entries.data.length === 0 && (
        <Alert variant="light" color="gray" icon={<IconInfoCircle />}>
          Aucune tenue régulière pour ces critères.
        </Alert>
      )}
      {annee !== null && <YearGrid annee={annee} rooms={rooms.data ?? []} salle={Number(salle)} />}
      <PlanningEntryList
        entries={entries.data ?? []}
        gestion={gestion}
        onShow={setShown}
        onEdit={(e) => setTarget({ annee: e.annee, entry: e })}
        onDelete={(e) => void del(e)}
      />
      <PlanningEntryForm
        target={target}
        rooms={rooms.data ?? []}
        entities={entities.data ?? []}
        saving={save.isPending}
        onClose={() => setTarget(null)}
        onSave={(id, input) =>
          save.mutate(
            { id, input },
            {
              onSuccess: (result) => {
                setTarget(null);
                setReport({
                  title: `${result.entree.entite} : ${result.entree.regleLibelle}`,
                  creees: result.creees,
                  conflits: result.conflits,
                });
              },
            },
          )
        }
      />
      <ConflictReport report={report} onClose={() => setReport(null)} />
      <EntryReservations
        entry={shown}
        onClose={() => setShown(null)}
        onOpen={(id) => {
          setShown(null);
          editing.open(id);
        }}
      />
      {editing.dialogs}
    </Stack>
  );
}
