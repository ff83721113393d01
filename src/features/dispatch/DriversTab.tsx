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
  smallButton,
  TextField,
  td,
} from '../../components/admin/AdminKit.tsx';
import { sessionEnded, useAdminData } from '../../components/admin/AdminSession.tsx';
import { errorMessage } from '../../components/admin/admin-ui.ts';
import { useEditForm, useSave } from '../../components/admin/use-edit-form.ts';
import { showToast } from '../../components/ui/toast.ts';
import { dispatchApi } from './dispatch.api.ts';
import { DRIVER_ACCOUNT_HOW, DRIVER_NAME_MAX, DriverInput, EMPLOYEE_ID_MAX, LICENCE_NUMBER_MAX } from './drivers.schema.ts';
import type { AdminDriver } from './drivers.ts';

const COLUMNS = ['Name', 'Phone', 'Employee ID', 'Licence', 'Signs in as', 'Status', 'Open deliveries', 'Actions'] as const;

/** What a cell says when a detail the manifest needs (D40) is missing. */
const notSet = <span className="text-amber-800">Not set</span>;

/**
 * The Drivers tab (D30): the people who deliver, their phone, the account they sign in with, on or
 * off; D40: the employee ID and driver's licence number a run's manifest names.
 */
export default function DriversTab() {
  const { state, reload, update } = useAdminData(async () => (await dispatchApi.drivers()).drivers, 'Failed to load the drivers');
  const [editing, setEditing] = useState<AdminDriver | 'new' | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const baseId = useId();

  const replace = (saved: AdminDriver) => update((list) => list.map((d) => (d.id === saved.id ? saved : d)));

  const setActive = async (driver: AdminDriver, active: boolean) => {
    if (
      !active &&
      driver.openDeliveries > 0 &&
      !window.confirm(
        `${driver.name} has ${driver.openDeliveries} open ${driver.openDeliveries === 1 ? 'delivery' : 'deliveries'}. They stay with ${driver.name} until you give them to someone else. Deactivate anyway?`,
      )
    ) {
      return;
    }
    setBusy(driver.id);
    try {
      replace(await dispatchApi.updateDriver(driver.id, { active }));
      showToast(
        active
          ? { title: `${driver.name} is active again` }
          : { title: `${driver.name} deactivated`, description: 'They get no new deliveries.' },
      );
    } catch (err) {
      if (!sessionEnded(err)) {
        showToast({ title: 'The driver was not changed', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
      }
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby={`${baseId}-title`} className="flex flex-col gap-4">
      <SectionHead
        titleId={`${baseId}-title`}
        title="Drivers"
        actions={
          <ListActions onRefresh={reload} newLabel="Add driver" onNew={() => setEditing('new')} newDisabled={state.status !== 'ready'} />
        }
      >
        Only active drivers can be given deliveries. A run needs the driver's employee ID and licence number.
      </SectionHead>
      <LoadedView state={state} loading="Loading the drivers…" failed="Failed to load the drivers" onRetry={reload}>
        {(data) =>
          data.length === 0 ? (
            <EmptyNote>No drivers yet</EmptyNote>
          ) : (
            <DataTable caption="Drivers" className="w-full min-w-[60rem] text-sm" columns={COLUMNS}>
              {data.map((d) => (
                <tr key={d.id}>
                  <th scope="row" className={`${td} text-left font-semibold`}>
                    {d.name}
                  </th>
                  <td className={`${td} whitespace-nowrap`}>{d.phone}</td>
                  <td className={`${td} whitespace-nowrap`}>{d.employeeId || notSet}</td>
                  <td className={`${td} whitespace-nowrap`}>{d.licenceNumber || notSet}</td>
                  <td className={`${td} break-all`}>{d.email ?? <span className="text-muted">No account</span>}</td>
                  <td className={td}>
                    <span
                      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${d.active ? 'bg-brand-100 text-brand-900' : 'bg-stone-200 text-stone-800'}`}
                    >
                      {d.active ? 'Active' : 'Inactive'}
                    </span>
                  </td>
                  <td className={`${td} tabular-nums`}>{d.openDeliveries}</td>
                  <td className={`${td} whitespace-nowrap`}>
                    <button type="button" className={`${smallButton} mr-2`} onClick={() => setEditing(d)} aria-label={`Edit ${d.name}`}>
                      Edit
                    </button>
                    <button
                      type="button"
                      className={smallButton}
                      disabled={busy === d.id}
                      onClick={() => void setActive(d, !d.active)}
                      aria-label={`${d.active ? 'Deactivate' : 'Activate'} ${d.name}`}
                    >
                      {d.active ? 'Deactivate' : 'Activate'}
                    </button>
                  </td>
                </tr>
              ))}
            </DataTable>
          )
        }
      </LoadedView>
      <DriverDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={(saved, created) => {
          setEditing(null);
          if (created) update((list) => [...list, saved]);
          else replace(saved);
          showToast({ title: created ? `${saved.name} added` : `${saved.name} saved` });
        }}
      />
    </section>
  );
}

function DriverDialog({
  editing,
  onClose,
  onSaved,
}: {
  editing: AdminDriver | 'new' | null;
  onClose: () => void;
  onSaved: (driver: AdminDriver, created: boolean) => void;
}) {
  return (
    <EditDialog editing={editing} onClose={onClose} className="sm:max-w-lg">
      {(row, titleId) => <DriverForm driver={row} titleId={titleId} onClose={onClose} onSaved={onSaved} />}
    </EditDialog>
  );
}

interface Form {
  name: string;
  phone: string;
  email: string;
  employeeId: string;
  licenceNumber: string;
  active: boolean;
}

const FIELDS = new Set(['name', 'phone', 'email', 'employeeId', 'licenceNumber', 'active']);

function DriverForm({
  driver,
  titleId,
  onClose,
  onSaved,
}: {
  driver: AdminDriver | null;
  titleId: string;
  onClose: () => void;
  onSaved: (driver: AdminDriver, created: boolean) => void;
}) {
  const { form, set, errors, showErrors, formRef, id, text } = useEditForm<Form>(() => ({
    name: driver?.name ?? '',
    phone: driver?.phone ?? '',
    email: driver?.email ?? '',
    employeeId: driver?.employeeId ?? '',
    licenceNumber: driver?.licenceNumber ?? '',
    active: driver?.active ?? true,
  }));

  const { busy, onSubmit } = useSave(showErrors, {
    schema: DriverInput,
    input: () => ({ ...form, email: form.email.trim() || null }),
    call: (value) => (driver ? dispatchApi.updateDriver(driver.id, value) : dispatchApi.createDriver(value)),
    done: (saved) => onSaved(saved, driver == null),
    failed: 'The driver was not saved. Please try again.',
  });

  const otherErrors = Object.entries(errors).filter(([field]) => !FIELDS.has(field));
  const emailHint = `Optional: the staff account (role driver) this driver signs in with. ${DRIVER_ACCOUNT_HOW}`;

  return (
    <form method="post" ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-5 p-6">
      <h2 id={titleId} className="text-xl font-bold">
        {driver ? `Edit ${driver.name}` : 'Add driver'}
      </h2>
      <TextField {...text('name')} label="Name" autoComplete="off" maxLength={DRIVER_NAME_MAX} />
      <TextField {...text('phone')} label="Phone" type="tel" autoComplete="off" />
      <TextField {...text('email')} label="Sign-in e-mail" optional hint={emailHint} type="email" autoComplete="off" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...text('employeeId')} label="Employee ID" optional autoComplete="off" maxLength={EMPLOYEE_ID_MAX} />
        <TextField {...text('licenceNumber')} label="Driver's licence number" optional autoComplete="off" maxLength={LICENCE_NUMBER_MAX} />
      </div>
      <p className="-mt-3 text-xs text-muted">
        A run's manifest and the state's delivery report name both: a driver without them takes no run.
      </p>
      <CheckField
        name="active"
        checked={form.active}
        onChange={(e) => set('active', e.target.checked)}
        {...describedBy(id('active'), errors.active)}
        label="Active (an inactive driver gets no new deliveries)"
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
