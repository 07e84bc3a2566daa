/**
 * The filters of the orders list (type, state, lodge, year, instalment, overdue) and the Excel export of
 * what they select.
 */
import { Button, Checkbox, Group, Select } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { Instalment, OrderState, OrderType, type OrderSearch } from '@union/contract';
import { asyncHandler } from '../../../components/error-handler';
import { toast } from '../../../components/toast';
import { exportOrders, useBillableEntities } from '../api/orders';
import { options, yearOptions } from './shared';

export function OrdersFilters({
  criteria,
  set,
}: {
  criteria: OrderSearch;
  /** Changes some criteria and goes back to the first page unless a page is given. */
  set: (patch: Partial<OrderSearch>) => void;
}) {
  const entities = useBillableEntities();
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label="Type"
        placeholder="Tous les types"
        data={options(OrderType.labels)}
        value={criteria.type ?? null}
        onChange={(v) => set({ type: (v as OrderSearch['type']) ?? undefined })}
        clearable
        w={200}
      />
      <Select
        label="État"
        placeholder="Tous les états"
        data={options(OrderState.labels)}
        value={criteria.etat ?? null}
        onChange={(v) => set({ etat: (v as OrderSearch['etat']) ?? undefined })}
        clearable
        w={200}
      />
      <Select
        label="Loge ou association"
        placeholder="Toutes"
        data={(entities.data ?? []).map((e) => ({ value: String(e.id), label: e.nom }))}
        value={criteria.idEntite ? String(criteria.idEntite) : null}
        onChange={(v) => set({ idEntite: v ? Number(v) : undefined })}
        searchable
        clearable
        w={260}
      />
      <Select
        label="Année"
        placeholder="Toutes"
        data={yearOptions()}
        value={criteria.annee ? String(criteria.annee) : null}
        onChange={(v) => set({ annee: v ? Number(v) : undefined })}
        clearable
        w={140}
      />
      <Select
        label="Tranche"
        placeholder="Toutes"
        data={options(Instalment.labels)}
        value={criteria.tranche ?? null}
        onChange={(v) => set({ tranche: (v as OrderSearch['tranche']) ?? undefined })}
        clearable
        w={160}
      />
      <Checkbox
        label="En retard de paiement"
        checked={criteria.enRetard === true}
        onChange={(e) => set({ enRetard: e.currentTarget.checked ? true : undefined })}
        mb={8}
      />
      <Button
        variant="default"
        leftSection={<IconFileSpreadsheet size={18} />}
        onClick={asyncHandler(() =>
          exportOrders({ ...criteria, page: undefined, taille: undefined }).then((name) =>
            toast('success', `Le fichier « ${name} » est téléchargé.`),
          ),
        )}
      >
        Exporter en Excel
      </Button>
    </Group>
  );
}
