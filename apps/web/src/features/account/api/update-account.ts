/**
 * The PATCH calls of the account page: e-mail, telephone, and the notification flags. Each answers the
 * updated account, which replaces the cached one.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { USER_CALLS, type Account } from '@union/contract';
import { api } from '../../../lib/api-client';
import { ACCOUNT_KEY } from './account';

export type NotificationField = 'notificationRestauration' | 'notificationDocuments' | 'notificationMessages';
type AccountField = 'email' | 'telephone' | NotificationField;

/** Each field's call: all five send `{ data }` and answer the account; a flag's `data` is '1' or '0'. */
function updateAccount(field: AccountField, data: string): Promise<Account> {
  switch (field) {
    case 'email':
      return api.call(USER_CALLS.changeEmail, { body: { data } });
    case 'telephone':
      return api.call(USER_CALLS.changeTelephone, { body: { data } });
    default:
      return api.call(USER_CALLS[field], { body: { data: data === '1' ? '1' : '0' } });
  }
}

export function useUpdateAccount(field: AccountField) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: string) => updateAccount(field, data),
    onSuccess: (account) => queryClient.setQueryData(ACCOUNT_KEY, account),
  });
}
