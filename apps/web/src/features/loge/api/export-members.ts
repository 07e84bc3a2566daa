/** GET /api/entite/{id}/membres/excel: the members workbook, saved under the name the server gives. */
import { useMutation } from '@tanstack/react-query';
import { API, pathTo } from '@union/contract';
import { downloadFile } from '../../../lib/download';

/** Current members only, or (`withFormer`) every membership the entity ever had. */
const downloadMembersExcel = ({ entityId, withFormer }: { entityId: number; withFormer: boolean }) =>
  downloadFile(
    `${pathTo(API.imports.membersExcel, { id: entityId })}${withFormer ? '?perimetre=tous' : ''}`,
    'membres.xlsx',
  );

/** Failures (403, 404) go to the global error modal. */
export function useExportMembers() {
  return useMutation({ mutationFn: downloadMembersExcel });
}
