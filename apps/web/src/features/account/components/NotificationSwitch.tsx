/** A notification preference, saved as soon as it is switched (data '1' or '0'). */
import { Switch } from '@mantine/core';
import { toast } from '../../../components/toast';
import { useUpdateAccount, type NotificationField } from '../api/update-account';

interface NotificationSwitchProps {
  field: NotificationField;
  label: string;
  description: string;
  checked: boolean;
}

export function NotificationSwitch({ field, label, description, checked }: NotificationSwitchProps) {
  const update = useUpdateAccount(field);
  return (
    <Switch
      label={label}
      description={description}
      checked={update.isPending ? update.variables === '1' : checked}
      // Never disabled while saving: a disabled control drops the keyboard focus to the page. A switch
      // pressed again meanwhile is ignored, and says it is busy.
      aria-busy={update.isPending}
      onChange={(event) => {
        if (update.isPending) return;
        update.mutate(event.currentTarget.checked ? '1' : '0', {
          onSuccess: (account) =>
            toast('success', `Notifications « ${label} » ${account[field] ? 'activées' : 'désactivées'}.`),
        });
      }}
    />
  );
}
