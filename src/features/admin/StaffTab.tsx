import { useId, useState } from 'react';
import {
  ChoiceField,
  DataTable,
  EditDialog,
  EmptyNote,
  FormFooter,
  ListActions,
  LoadedView,
  SectionHead,
  secondaryButton,
  smallButton,
  TextField,
  td,
} from '../../components/admin/AdminKit.tsx';
import { $adminSession, sessionEnded, useAdminData } from '../../components/admin/AdminSession.tsx';
import { errorMessage, formatDateTime } from '../../components/admin/admin-ui.ts';
import { useEditForm, useSave } from '../../components/admin/use-edit-form.ts';
import { showToast } from '../../components/ui/toast.ts';
import { STAFF_ROLES, type StaffRole } from '../../db/delivery-values.ts';
import { useStore } from '../../lib/use-store.ts';
import { DRIVER_NAME_MAX } from '../dispatch/drivers.schema.ts';
import { ROLE_LABELS } from '../staff/roles.ts';
import { LINK_TTL_HOURS } from '../staff/staff-links.ts';
import { staffApi } from './staff-accounts.api.ts';
import { STAFF_NAME_MAX, StaffInvite } from './staff-accounts.schema.ts';
import {
  LINK_BUTTON_LABELS,
  type LinkOutcome,
  linkPurposeOf,
  type StaffAccount,
  staffFieldLabel,
  staffValueText,
  type UnlinkedDriver,
} from './staff-accounts.ts';

const COLUMNS = ['Account', 'Role', 'Driver', 'Last sign-in (New York)', 'Status', { label: 'Actions', srOnly: true }] as const;
const ROLE_CHOICES = STAFF_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));

/** The Staff tab (D37): every account, invitations, role and active changes, reset links, history. */
export default function StaffTab() {
  const { state, reload, update } = useAdminData(() => staffApi.list(), 'Failed to load the staff accounts');
  const [inviting, setInviting] = useState(false);
  const [managing, setManaging] = useState<StaffAccount | null>(null);
  /** An invitation whose e-mail did not go: it stays on screen until dealt with. */
  const [notSent, setNotSent] = useState<{ account: StaffAccount; message: string } | null>(null);
  const baseId = useId();
  const session = useStore($adminSession);
  const myEmail = session.status === 'signedIn' ? session.email : '';

  const replace = (saved: StaffAccount) => {
    update((data) => ({ ...data, accounts: data.accounts.map((a) => (a.id === saved.id ? saved : a)) }));
    setManaging((open) => (open?.id === saved.id ? saved : open));
  };

  return (
    <section aria-labelledby={`${baseId}-title`} className="flex flex-col gap-4">
      <SectionHead
        titleId={`${baseId}-title`}
        title="Staff"
        actions={
          <ListActions onRefresh={reload} newLabel="Invite" onNew={() => setInviting(true)} newDisabled={state.status !== 'ready'} />
        }
      >
        Who can sign in, and as what. An invited person sets their own password from the e-mailed link.
      </SectionHead>
      {notSent && (
        <div role="alert" className="flex flex-col gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900">
          <p>
            <strong>The account {notSent.account.email} was made, but its invitation was not sent.</strong> {notSent.message}
          </p>
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              className={smallButton}
              onClick={() => {
                setManaging(notSent.account);
                setNotSent(null);
              }}
            >
              Manage {notSent.account.email}
            </button>
            <button type="button" className={smallButton} onClick={() => setNotSent(null)}>
              Dismiss
            </button>
          </div>
        </div>
      )}
      <LoadedView state={state} loading="Loading the staff accounts…" failed="Failed to load the staff accounts" onRetry={reload}>
        {(data) =>
          data.accounts.length === 0 ? (
            <EmptyNote>No staff accounts yet</EmptyNote>
          ) : (
            <DataTable caption="Staff accounts" className="w-full min-w-[44rem] text-sm" columns={COLUMNS}>
              {data.accounts.map((a) => (
                <tr key={a.id}>
                  <th scope="row" className={`${td} text-left`}>
                    <span className="block break-all font-semibold">{a.email}</span>
                    {a.name && <span className="block text-muted">{a.name}</span>}
                  </th>
                  <td className={td}>{ROLE_LABELS[a.role]}</td>
                  <td className={td}>{a.driver?.name ?? <span className="text-muted">None</span>}</td>
                  <td className={`${td} whitespace-nowrap`}>
                    {a.lastSignInAt != null ? formatDateTime(a.lastSignInAt) : <span className="text-muted">Never</span>}
                  </td>
                  <td className={td}>
                    <StatusBadge account={a} />
                  </td>
                  <td className={`${td} whitespace-nowrap`}>
                    <button type="button" className={smallButton} onClick={() => setManaging(a)} aria-label={`Manage ${a.email}`}>
                      Manage
                    </button>
                  </td>
                </tr>
              ))}
            </DataTable>
          )
        }
      </LoadedView>
      <EditDialog editing={inviting ? 'new' : null} onClose={() => setInviting(false)} className="sm:max-w-lg">
        {(_row, titleId) => (
          <InviteForm
            titleId={titleId}
            drivers={state.status === 'ready' ? state.data.drivers : []}
            onClose={() => setInviting(false)}
            onSaved={(saved) => {
              setInviting(false);
              update((data) => ({
                accounts: [...data.accounts, saved],
                drivers: data.drivers.filter((d) => d.id !== saved.driver?.id),
              }));
              if (saved.linkSent) {
                setNotSent(null);
                showToast({
                  title: `Invitation sent to ${saved.email}`,
                  description: `The link in it works once, for ${LINK_TTL_HOURS} hours.`,
                });
              } else {
                setNotSent({ account: saved, message: saved.message });
              }
            }}
          />
        )}
      </EditDialog>
      <EditDialog editing={managing} onClose={() => setManaging(null)} className="sm:max-w-2xl">
        {(row, titleId) =>
          row && (
            <ManageAccount
              account={row}
              self={row.email === myEmail}
              titleId={titleId}
              onSaved={replace}
              onClose={() => setManaging(null)}
            />
          )
        }
      </EditDialog>
    </section>
  );
}

function StatusBadge({ account }: { account: StaffAccount }) {
  const [label, look] = !account.active
    ? ['Inactive', 'bg-stone-200 text-stone-800']
    : account.passwordSet
      ? ['Active', 'bg-brand-100 text-brand-900']
      : ['Invited', 'bg-amber-100 text-amber-900'];
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${look}`}>{label}</span>;
}

interface InviteFields {
  email: string;
  name: string;
  role: StaffRole;
  /** An existing driver's id, or 'new'. */
  driver: string;
  driverName: string;
  driverPhone: string;
}

function InviteForm({
  titleId,
  drivers,
  onClose,
  onSaved,
}: {
  titleId: string;
  drivers: UnlinkedDriver[];
  onClose: () => void;
  onSaved: (account: StaffAccount & LinkOutcome) => void;
}) {
  const { form, set, errors, showErrors, formRef, text } = useEditForm<InviteFields>({
    email: '',
    name: '',
    role: 'dispatcher',
    driver: 'new',
    driverName: '',
    driverPhone: '',
  });
  const newDriver = form.driver === 'new';
  const { busy, onSubmit } = useSave(showErrors, {
    schema: StaffInvite,
    input: () => ({
      email: form.email,
      name: form.name,
      role: form.role,
      ...(form.role === 'driver'
        ? newDriver
          ? { driverId: null, driverName: form.driverName, driverPhone: form.driverPhone }
          : { driverId: Number(form.driver) }
        : {}),
    }),
    fields: (errs) => ('driverId' in errs ? { ...errs, driver: errs.driverId ?? '' } : errs),
    call: (value) => staffApi.invite(value),
    done: onSaved,
    failed: 'The invitation was not sent. Please try again.',
  });
  const known = new Set(['email', 'name', 'role', 'driver', 'driverId', 'driverName', 'driverPhone']);
  const otherErrors = Object.entries(errors).filter(([field]) => !known.has(field));

  return (
    <form method="post" ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-5 p-6">
      <h2 id={titleId} className="text-xl font-bold">
        Invite a staff member
      </h2>
      <TextField {...text('email')} label="Email" type="email" autoComplete="off" required />
      <TextField {...text('name')} label="Name" optional autoComplete="off" maxLength={STAFF_NAME_MAX} />
      <ChoiceField
        {...text('role')}
        label="Role"
        options={ROLE_CHOICES}
        onChoose={(role) => set('role', role as StaffRole)}
        hint="Admins open everything; dispatchers orders, deliveries, runs, drivers, vehicles and reports; drivers their own deliveries and runs."
      />
      {form.role === 'driver' && (
        <fieldset className="flex flex-col gap-4 rounded-xl border border-stone-200 p-4">
          <legend className="px-1 text-sm font-semibold">Driver record</legend>
          <ChoiceField
            {...text('driver')}
            label="Signs in as"
            first={{ value: 'new', label: 'A new driver' }}
            options={drivers.map((d) => ({ value: String(d.id), label: `${d.name} (${d.phone})` }))}
            onChoose={(driver) => set('driver', driver)}
          />
          {newDriver && (
            <>
              <TextField {...text('driverName')} label="Driver's name" autoComplete="off" maxLength={DRIVER_NAME_MAX} />
              <TextField {...text('driverPhone')} label="Driver's phone" type="tel" autoComplete="off" />
            </>
          )}
        </fieldset>
      )}
      <FormFooter errors={otherErrors} busy={busy} onCancel={onClose} submitLabel="Send invitation" />
    </form>
  );
}

function ManageAccount({
  account,
  self,
  titleId,
  onSaved,
  onClose,
}: {
  account: StaffAccount;
  self: boolean;
  titleId: string;
  onSaved: (account: StaffAccount) => void;
  onClose: () => void;
}) {
  const baseId = useId();
  const [role, setRole] = useState<StaffRole>(account.role);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const { state: history, reload: reloadHistory } = useAdminData(
    async () => (await staffApi.audit(account.id)).entries,
    'The history could not be loaded.',
    String(account.id),
  );

  /** Runs a change; `done` names it in a toast, or, for a link whose e-mail did not go, says so instead. */
  const run = async <T extends StaffAccount>(work: () => Promise<T>, done: (saved: T) => string | { problem: string }) => {
    setBusy(true);
    setProblem(undefined);
    try {
      const saved = await work();
      onSaved(saved);
      const said = done(saved);
      if (typeof said === 'string') showToast({ title: said });
      else setProblem(said.problem);
      reloadHistory();
    } catch (err) {
      if (!sessionEnded(err)) setProblem(errorMessage(err, 'Nothing was changed. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const linkLabel = LINK_BUTTON_LABELS[linkPurposeOf(account)];

  return (
    <div className="flex flex-col gap-5 p-6">
      <div>
        <h2 id={titleId} className="break-all text-xl font-bold">
          {account.email}
        </h2>
        <p className="text-sm text-muted">
          {account.name ? `${account.name} · ` : ''}
          {ROLE_LABELS[account.role]} · <StatusBadge account={account} />
        </p>
      </div>
      {self && (
        <p className="rounded-lg bg-stone-100 p-3 text-sm">This is your own account: another admin changes its role or deactivates it.</p>
      )}
      {problem && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap items-end gap-3">
        <ChoiceField
          id={`${baseId}-role`}
          label="Role"
          fieldClassName="min-w-[12rem] flex-1"
          value={role}
          disabled={self || busy}
          options={ROLE_CHOICES}
          onChoose={(r) => setRole(r as StaffRole)}
        />
        <button
          type="button"
          className={secondaryButton}
          disabled={self || busy || role === account.role}
          onClick={() =>
            void run(
              () => staffApi.change(account.id, { role }),
              (s) => `${s.email} is now ${ROLE_LABELS[s.role].toLowerCase()}`,
            )
          }
        >
          Save role
        </button>
      </div>
      {account.role === 'driver' && role !== 'driver' && account.driver && (
        <p className="text-sm text-muted">The account stops signing in as the driver {account.driver.name}; the driver record stays.</p>
      )}
      <div className="flex flex-wrap gap-3 border-t border-stone-200 pt-4">
        <button
          type="button"
          className={secondaryButton}
          disabled={self || busy}
          onClick={() =>
            void run(
              () => staffApi.change(account.id, { active: !account.active }),
              (s) => (s.active ? `${s.email} can sign in again` : `${s.email} deactivated and signed out`),
            )
          }
        >
          {account.active ? 'Deactivate' : 'Reactivate'}
        </button>
        <button
          type="button"
          className={secondaryButton}
          disabled={busy || !account.active}
          onClick={() =>
            void run(
              () => staffApi.sendLink(account.id, account.email),
              (s) => (s.linkSent ? `Link sent to ${s.email}` : { problem: s.message }),
            )
          }
        >
          {linkLabel}
        </button>
      </div>
      <section aria-labelledby={`${baseId}-history`} className="flex flex-col gap-2">
        <h3 id={`${baseId}-history`} className="text-lg font-semibold">
          Change history
        </h3>
        <LoadedView state={history} loading="Loading the history…" failed="The history could not be loaded" onRetry={reloadHistory}>
          {(entries) =>
            entries.length === 0 ? (
              <p className="text-sm text-muted">No changes have been recorded for this account.</p>
            ) : (
              <DataTable
                caption="Change history, newest first"
                className="w-full min-w-[36rem] text-sm"
                columns={['When (New York)', 'Who', 'What', 'From', 'To']}
              >
                {entries.map((h) => (
                  <tr key={h.id}>
                    <td className={`${td} whitespace-nowrap`}>{formatDateTime(h.createdAt)}</td>
                    <td className={`${td} break-all`}>{h.actor}</td>
                    <td className={td}>{staffFieldLabel(h.field)}</td>
                    <td className={`${td} break-words`}>{staffValueText(h.field, h.fromValue)}</td>
                    <td className={`${td} break-words`}>{staffValueText(h.field, h.toValue)}</td>
                  </tr>
                ))}
              </DataTable>
            )
          }
        </LoadedView>
      </section>
      <div className="flex justify-end border-t border-stone-200 pt-4">
        <button type="button" className={secondaryButton} onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
