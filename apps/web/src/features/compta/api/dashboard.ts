/** The treasurer's dashboard (issue 33): one query per chart group, and the Excel file of all of them. */
import { useQuery } from '@tanstack/react-query';
import { API, COMPTA_DASHBOARD_CALLS as CALLS, pathTo } from '@union/contract';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';

export const useDashboardReceivables = () =>
  useQuery({
    queryKey: ['compta', 'tableau-de-bord', 'creances'],
    queryFn: () => api.call(CALLS.receivables),
  });

export const useDashboardMonths = (annee: number) =>
  useQuery({
    queryKey: ['compta', 'tableau-de-bord', 'mois', annee],
    queryFn: () => api.call(CALLS.months, { query: { annee } }),
  });

export const useDashboardCards = () =>
  useQuery({ queryKey: ['compta', 'tableau-de-bord', 'cartes'], queryFn: () => api.call(CALLS.cards) });

export const useDashboardDue = () =>
  useQuery({ queryKey: ['compta', 'tableau-de-bord', 'echeances'], queryFn: () => api.call(CALLS.due) });

export const exportDashboard = (annee: number) =>
  downloadFile(pathTo(API.compta.dashboardExcel, {}, { annee }), 'tableau-de-bord-comptable.xlsx');
