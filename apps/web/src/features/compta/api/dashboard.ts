/** The treasurer's dashboard (issue 33): one query per chart group. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { COMPTA_DASHBOARD_CALLS as CALLS } from '@union/contract';
import { api } from '../../../lib/api-client';

export const useDashboardReceivables = () =>
  useQuery({
    queryKey: ['compta', 'tableau-de-bord', 'creances'],
    queryFn: () => api.call(CALLS.receivables),
  });

export const useDashboardMonths = (annee: number) =>
  useQuery({
    queryKey: ['compta', 'tableau-de-bord', 'mois', annee],
    queryFn: () => api.call(CALLS.months, { query: { annee } }),
    // The year's select sits in the chart's panel: the panel stays (and the focus in it) while the next loads.
    placeholderData: keepPreviousData,
  });

export const useDashboardCards = () =>
  useQuery({ queryKey: ['compta', 'tableau-de-bord', 'cartes'], queryFn: () => api.call(CALLS.cards) });

export const useDashboardDue = () =>
  useQuery({ queryKey: ['compta', 'tableau-de-bord', 'echeances'], queryFn: () => api.call(CALLS.due) });
