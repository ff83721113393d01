import { useId, useState } from 'react';
import { DataTable, EditDialog, ListActions, LoadedView, SectionHead, smallButton, td } from '../../components/admin/AdminKit.tsx';
import { useAdminData } from '../../components/admin/AdminSession.tsx';
import { showToast } from '../../components/ui/toast.ts';
import { formatMoney } from '../../lib/money.ts';
import { DEFAULT_DELIVERY } from '../pricing/pricing.ts';
import { deliverySettingsApi } from './delivery-settings.api.ts';
import type { AdminZone } from './delivery-settings.ts';
import ZoneFormView from './ZoneForm.tsx';

const amount = (cents: number | null, empty: string) => (cents == null ? empty : formatMoney(cents));

/** Delivery zones (D31): the list, and a dialog to make or edit one. */
export default function ZonesSection() {
  const { state, reload, update } = useAdminData(
    async () => (await deliverySettingsApi.zones()).zones as AdminZone[],
    'Failed to load the delivery zones',
  );
  const [editing, setEditing] = useState<AdminZone | 'new' | null>(null);
  const baseId = useId();

  return (
    <section aria-labelledby={`${baseId}-title`} className="flex flex-col gap-4">
      <SectionHead
        titleId={`${baseId}-title`}
        title="Delivery zones"
        introClassName="max-w-3xl"
        actions={
          <ListActions onRefresh={reload} newLabel="New zone" onNew={() => setEditing('new')} newDisabled={state.status !== 'ready'} />
        }
      >
        A zone sets the fee, minimum order and free-delivery threshold for its ZIP codes. An empty amount takes the default: a{' '}
        {formatMoney(DEFAULT_DELIVERY.fee)} fee, free from {formatMoney(DEFAULT_DELIVERY.freeFrom)}, no minimum. Changes apply to new
        orders; orders already placed keep what they were charged.
      </SectionHead>
      <LoadedView state={state} loading="Loading the delivery zones…" failed="Failed to load the delivery zones" onRetry={reload}>
        {(data) => (
          <DataTable
            caption="Delivery zones"
            className="w-full min-w-[56rem] text-sm"
            columns={['Zone', 'State', 'Fee', 'Minimum', 'Free from', 'ZIP codes', 'Open / all orders', 'Status', 'Actions']}
          >
            {data.map((z) => (
              <tr key={z.id} className={z.active ? '' : 'bg-stone-50 text-stone-600'}>
                <th scope="row" className={`${td} text-left font-semibold`}>
                  {z.name}
                </th>
                <td className={td}>{z.state}</td>
                <td className={`${td} tabular-nums`}>{amount(z.feeCents, `Default (${formatMoney(DEFAULT_DELIVERY.fee)})`)}</td>
                <td className={`${td} tabular-nums`}>{amount(z.minimumCents, 'None')}</td>
                <td className={`${td} tabular-nums`}>{amount(z.freeFromCents, `Default (${formatMoney(DEFAULT_DELIVERY.freeFrom)})`)}</td>
                <td className={`${td} tabular-nums`}>{z.zips.length}</td>
                <td className={`${td} tabular-nums`}>
                  {z.openOrders} / {z.orders}
                </td>
                <td className={td}>{z.active ? 'Active' : 'Inactive'}</td>
                <td className={`${td} text-right`}>
                  <button type="button" className={smallButton} onClick={() => setEditing(z)} aria-label={`Edit ${z.name}`}>
                    Edit
                  </button>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </LoadedView>
      <ZoneDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={(saved, created) => {
          setEditing(null);
          update((zones) => (created ? [...zones, saved] : zones.map((z) => (z.id === saved.id ? saved : z))));
          showToast({ title: created ? `${saved.name} created` : `${saved.name} saved` });
        }}
      />
    </section>
  );
}

function ZoneDialog({
  editing,
  onClose,
  onSaved,
}: {
  editing: AdminZone | 'new' | null;
  onClose: () => void;
  onSaved: (zone: AdminZone, created: boolean) => void;
}) {
  return (
    <EditDialog editing={editing} onClose={onClose}>
      {(row, titleId) => <ZoneFormView zone={row} titleId={titleId} onClose={onClose} onSaved={onSaved} />}
    </EditDialog>
  );
}
