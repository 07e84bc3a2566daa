/** Query keys of the planning: one root, so that any change refreshes every view of it. */
export const PLANNING_KEY = ['reservations'] as const;
export const planningKeys = {
  week: (monday: string) => [...PLANNING_KEY, 'week', monday] as const,
  infos: (id: number) => [...PLANNING_KEY, 'infos', id] as const,
  pending: () => [...PLANNING_KEY, 'pending'] as const,
  closures: (annee: number) => [...PLANNING_KEY, 'closures', annee] as const,
  years: () => [...PLANNING_KEY, 'years'] as const,
  dashboard: () => [...PLANNING_KEY, 'dashboard'] as const,
  /** A session's convocations (documents of type V tied to it): every session's, without `id`. */
  convocations: (id?: number) =>
    id === undefined
      ? ([...PLANNING_KEY, 'convocations'] as const)
      : ([...PLANNING_KEY, 'convocations', id] as const),
  entries: (annee: number, entite: number, salle: number) =>
    [...PLANNING_KEY, 'entries', annee, entite, salle] as const,
};
