import { useId, useState } from 'react';
import {
  CheckField,
  DataTable,
  describedBy,
  EditDialog,
  EmptyNote,
  FormFooter,
  ListActions,
  LoadedView,
  SectionHead,
  SelectField,
  smallButton,
  TextField,
  td,
} from '../../components/admin/AdminKit.tsx';
import { sessionEnded, useAdminData } from '../../components/admin/AdminSession.tsx';
import { errorMessage } from '../../components/admin/admin-ui.ts';
import { useEditForm, useSave } from '../../components/admin/use-edit-form.ts';
import { showToast } from '../../components/ui/toast.ts';
import { dispatchApi } from './dispatch.api.ts';
import { PLATE_MAX, VEHICLE_TEXT_MAX, VehicleInput } from './vehicles.schema.ts';
import { type AdminVehicle, plateText, US_POSTAL_CODES, vehicleLabel } from './vehicles.ts';

const COLUMNS = ['Vehicle', 'Plate', 'Status', 'Actions'] as const;

/** The Vehicles tab (D40): the cars that carry runs, as the manifest and Metrc's report name them. */
export default function VehiclesTab() {
  const { state, reload, update } = useAdminData(async () => (await dispatchApi.vehicles()).vehicles, 'Failed to load the vehicles');
  const [editing, setEditing] = useState<AdminVehicle | 'new' | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const baseId = useId();

  const replace = (saved: AdminVehicle) => update((list) => list.map((x) => (x.id === saved.id ? saved : x)));

  const setActive = async (vehicle: AdminVehicle, active: boolean) => {
    setBusy(vehicle.id);
    try {
      replace(await dispatchApi.updateVehicle(vehicle.id, { active }));
      showToast(
        active
          ? { title: `${vehicleLabel(vehicle)} is active again` }
          : { title: `${vehicleLabel(vehicle)} deactivated`, description: 'It takes no new runs; the runs it has keep it.' },
      );
    } catch (err) {
      if (!sessionEnded(err)) {
        showToast({ title: 'The vehicle was not changed', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
      }
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby={`${baseId}-title`} className="flex flex-col gap-4">
      <SectionHead
        titleId={`${baseId}-title`}
        title="Vehicles"
        actions={
          <ListActions onRefresh={reload} newLabel="Add vehicle" onNew={() => setEditing('new')} newDisabled={state.status !== 'ready'} />
        }
      >
        Each run names its vehicle on the manifest and in the state's delivery report. Only active vehicles take new runs.
      </SectionHead>
      <LoadedView state={state} loading="Loading the vehicles…" failed="Failed to load the vehicles" onRetry={reload}>
        {(data) =>
          data.length === 0 ? (
            <EmptyNote>No vehicles yet</EmptyNote>
          ) : (
            <DataTable caption="Vehicles" className="w-full min-w-[36rem] text-sm" columns={COLUMNS}>
              {data.map((x) => (
                <tr key={x.id}>
                  <th scope="row" className={`${td} text-left font-semibold`}>
                    {vehicleLabel(x)}
                  </th>
                  <td className={`${td} whitespace-nowrap font-mono`}>{plateText(x)}</td>
                  <td className={td}>
                    <span
                      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${x.active ? 'bg-brand-100 text-brand-900' : 'bg-stone-200 text-stone-800'}`}
                    >
                      {x.active ? 'Active' : 'Inactive'}
                    </span>
                  </td>
                  <td className={`${td} whitespace-nowrap`}>
                    <button
                      type="button"
                      className={`${smallButton} mr-2`}
                      onClick={() => setEditing(x)}
                      aria-label={`Edit ${vehicleLabel(x)} ${plateText(x)}`}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className={smallButton}
                      disabled={busy === x.id}
                      onClick={() => void setActive(x, !x.active)}
                      aria-label={`${x.active ? 'Deactivate' : 'Activate'} ${vehicleLabel(x)} ${plateText(x)}`}
                    >
                      {x.active ? 'Deactivate' : 'Activate'}
                    </button>
                  </td>
                </tr>
              ))}
            </DataTable>
          )
        }
      </LoadedView>
      <EditDialog editing={editing} onClose={() => setEditing(null)} className="sm:max-w-lg">
        {(row, titleId) => (
          <VehicleForm
            vehicle={row}
            titleId={titleId}
            onClose={() => setEditing(null)}
            onSaved={(saved, created) => {
              setEditing(null);
              if (created) update((list) => [...list, saved]);
              else replace(saved);
              showToast({ title: `${vehicleLabel(saved)} ${created ? 'added' : 'saved'}` });
            }}
          />
        )}
      </EditDialog>
    </section>
  );
}

interface Form {
  make: string;
  model: string;
  colour: string;
  plate: string;
  registrationState: string;
  active: boolean;
}

const FIELDS = new Set(['make', 'model', 'colour', 'plate', 'registrationState', 'active']);

function VehicleForm({
  vehicle,
  titleId,
  onClose,
  onSaved,
}: {
  vehicle: AdminVehicle | null;
  titleId: string;
  onClose: () => void;
  onSaved: (vehicle: AdminVehicle, created: boolean) => void;
}) {
  const { form, set, errors, showErrors, formRef, id, text } = useEditForm<Form>(() => ({
    make: vehicle?.make ?? '',
    model: vehicle?.model ?? '',
    colour: vehicle?.colour ?? '',
    plate: vehicle?.plate ?? '',
    registrationState: vehicle?.registrationState ?? 'MD',
    active: vehicle?.active ?? true,
  }));

  const { busy, onSubmit } = useSave(showErrors, {
    schema: VehicleInput,
    input: () => form,
    call: (value) => (vehicle ? dispatchApi.updateVehicle(vehicle.id, value) : dispatchApi.createVehicle(value)),
    done: (saved) => onSaved(saved, vehicle == null),
    failed: 'The vehicle was not saved. Please try again.',
  });

  const otherErrors = Object.entries(errors).filter(([field]) => !FIELDS.has(field));

  return (
    <form method="post" ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-5 p-6">
      <h2 id={titleId} className="text-xl font-bold">
        {vehicle ? `Edit ${vehicleLabel(vehicle)}` : 'Add vehicle'}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...text('make')} label="Make" autoComplete="off" maxLength={VEHICLE_TEXT_MAX} />
        <TextField {...text('model')} label="Model" autoComplete="off" maxLength={VEHICLE_TEXT_MAX} />
      </div>
      <TextField {...text('colour')} label="Colour" optional autoComplete="off" maxLength={VEHICLE_TEXT_MAX} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          {...text('plate')}
          label="Plate"
          hint="As it reads; spaces and dashes are left out."
          autoComplete="off"
          maxLength={PLATE_MAX + 4}
        />
        <SelectField {...text('registrationState')} label="Registered in">
          {US_POSTAL_CODES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </SelectField>
      </div>
      <CheckField
        name="active"
        checked={form.active}
        onChange={(e) => set('active', e.target.checked)}
        {...describedBy(id('active'), errors.active)}
        label="Active (an inactive vehicle takes no new runs)"
      />
      {errors.active && (
        <p id={`${id('active')}-error`} className="text-sm text-red-700">
          {errors.active}
        </p>
      )}
      <FormFooter errors={otherErrors} busy={busy} onCancel={onClose} />
    </form>
  );
}
