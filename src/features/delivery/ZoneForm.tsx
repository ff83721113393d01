import { useId, useState } from 'react';
import { CheckField, describedBy, Field, FormFooter, inputClass, TextField } from '../../components/admin/AdminKit.tsx';
import type { FieldErrors as Errors } from '../../components/admin/use-edit-form.ts';
import { useFocusFirstInvalid, useSave } from '../../components/admin/use-edit-form.ts';
import { formatMoney } from '../../lib/money.ts';
import { DEFAULT_DELIVERY } from '../pricing/pricing.ts';
import { stateName } from '../site/settings.ts';
import { deliverySettingsApi } from './delivery-settings.api.ts';
import { ZoneCreate } from './delivery-settings.schema.ts';
import {
  type AdminZone,
  EMPTY_ZONE_FORM,
  STATE_CODES,
  ZONE_LIMITS,
  type ZoneForm,
  zoneFormToInput,
  zoneToForm,
} from './delivery-settings.ts';

const ZONE_FIELDS = ['state', 'name', 'feeCents', 'minimumCents', 'freeFromCents', 'active', 'zips'];

/** The form of one delivery zone, new or edited. */
export default function ZoneFormView({
  zone,
  titleId,
  onClose,
  onSaved,
}: {
  zone: AdminZone | null;
  titleId: string;
  onClose: () => void;
  onSaved: (zone: AdminZone, created: boolean) => void;
}) {
  const [form, setForm] = useState<ZoneForm>(() => (zone ? zoneToForm(zone) : EMPTY_ZONE_FORM));
  const [errors, setErrors] = useState<Errors>({});
  const { ref, focus } = useFocusFirstInvalid();
  const baseId = useId();
  const id = (name: string) => `${baseId}-${name}`;

  const set = <K extends keyof ZoneForm>(name: K, value: ZoneForm[K]) => {
    setForm((old) => ({ ...old, [name]: value }));
    setErrors((old) => {
      const { [name]: _cleared, form: _form, ...rest } = old;
      return rest;
    });
  };
  const showErrors = (errs: Errors) => {
    setErrors(errs);
    focus();
  };

  // One schema for both. An edit sends every field, so the server checks the ZIPs against the state
  // (and the ZIP dataset) for edits too; its message shows on the ZIP codes field.
  const { busy, onSubmit } = useSave(showErrors, {
    schema: ZoneCreate,
    input: () => zoneFormToInput(form),
    call: async (value) =>
      (zone ? await deliverySettingsApi.updateZone(zone.id, value) : await deliverySettingsApi.createZone(value)) as AdminZone,
    done: (saved) => onSaved(saved, zone == null),
    failed: 'The zone was not saved. Please try again.',
  });

  const money = (name: 'feeCents' | 'minimumCents' | 'freeFromCents', label: string, hint: string) => (
    <TextField
      id={id(name)}
      label={label}
      error={errors[name]}
      hint={hint}
      name={name}
      type="number"
      inputMode="decimal"
      min={0}
      max={ZONE_LIMITS.cents / 100}
      step={0.01}
      value={form[name]}
      onChange={(e) => set(name, e.target.value)}
    />
  );
  const zipCount = form.zips.split(/[\s,;]+/).filter(Boolean).length;
  const otherErrors = Object.entries(errors).filter(([field]) => !ZONE_FIELDS.includes(field));

  return (
    <form method="post" ref={ref} noValidate onSubmit={onSubmit} className="flex flex-col gap-5 p-6">
      <h2 id={titleId} className="text-xl font-bold">
        {zone ? `Edit ${zone.name}` : 'New zone'}
      </h2>
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        <TextField
          id={id('name')}
          label="Name"
          error={errors.name}
          name="name"
          maxLength={ZONE_LIMITS.name}
          value={form.name}
          onChange={(e) => set('name', e.target.value)}
        />
        <Field id={id('state')} label="State" error={errors.state}>
          <select
            id={id('state')}
            name="state"
            value={form.state}
            onChange={(e) => set('state', e.target.value as ZoneForm['state'])}
            {...describedBy(id('state'), errors.state)}
            className={inputClass(!!errors.state)}
          >
            {STATE_CODES.map((code) => (
              <option key={code} value={code}>
                {stateName(code)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {money('feeCents', 'Delivery fee ($)', `Empty: the default, ${formatMoney(DEFAULT_DELIVERY.fee)}`)}
        {money('minimumCents', 'Minimum order ($)', 'Empty: no minimum')}
        {money('freeFromCents', 'Free delivery from ($)', `Empty: the default, ${formatMoney(DEFAULT_DELIVERY.freeFrom)}`)}
      </div>
      <CheckField
        name="active"
        checked={form.active}
        onChange={(e) => set('active', e.target.checked)}
        label="Active (an inactive zone delivers nowhere; its orders already placed are still delivered)"
      />
      <Field
        id={id('zips')}
        label={`ZIP codes (${zipCount})`}
        error={errors.zips}
        hint={`5-digit ZIP codes in ${stateName(form.state)}, one a line or separated by commas. A ZIP code belongs to one zone only.`}
      >
        <textarea
          id={id('zips')}
          name="zips"
          rows={6}
          value={form.zips}
          onChange={(e) => set('zips', e.target.value)}
          {...describedBy(id('zips'), errors.zips, true)}
          className={`${inputClass(!!errors.zips)} font-mono`}
        />
      </Field>
      <FormFooter errors={otherErrors} busy={busy} onCancel={onClose} />
    </form>
  );
}
