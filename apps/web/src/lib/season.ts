/** How the dashboards name the Masonic year they cover (issue 33). */
import type { Season } from '@union/contract';
import { formatFrenchDay } from './dates';

/** « Saison 2026–2027, du 1er septembre 2026 au 31 août 2027 ». */
export const seasonLabel = (s: Season) =>
  `Saison ${s.annee}–${s.annee + 1}, du ${formatFrenchDay(s.debut)} au ${formatFrenchDay(s.fin)}`;
