/** GET /api/user/donnees-personnelles: the signed-in user's data, saved as a JSON file. */
import { USER_CALLS } from '@union/contract';
import { api } from '../../../lib/api-client';

export async function downloadPersonalData(): Promise<void> {
  const data = await api.call(USER_CALLS.personalData);
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `mes-donnees-intranet-union-${data.exporteLe.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
