/**
 * The PATCH calls of the account page: e-mail, telephone, and the notification flags. Each answers the
 * updated account, which replaces the cached one.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AccountSchema, API, type Account } from '@union/contract';
import { api } from '../../../lib/api-client';
import { ACCOUNT_KEY } from './account';

export type NotificationField = 'notificationRestauration' | 'notificationDocuments' | 'notificationMessages';
type AccountField = 'email' | 'telephone' | NotificationField;

const PATHS: Record<AccountField, string> = {
  email: API.users.email,
  telephone: API.users.telephone,
  notificationRestauration: API.users.notificationRestauration,
  notificationDocuments: API.users.notificationDocuments,
  notificationMessages: API.users.notificationMessages,
};

function updateAccount(field: AccountField, data: string): Promise<Account> {
  return api.patch(PATHS[field], { data }, { schema: AccountSchema });
}

export function useUpdateAccount(field: AccountField) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: string) => updateAccount(field, data),
    onSuccess: (account) => queryClient.setQueryData(ACCOUNT_KEY, account),
  });
}
