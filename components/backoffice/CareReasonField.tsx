import { Field } from '@/components/ui/Field';

/** Why care acts, for the records: required by each action, kept in the audit log, never shown to the customer. */
export function CareReasonField(props: {
  id: string;
  label: string;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}) {
  return (
    <Field
      id={props.id}
      label={props.label}
      hint="For the records and the audit log; the customer does not see it."
      value={props.value}
      maxLength={500}
      error={props.error ?? undefined}
      onChange={(event) => props.onChange(event.target.value)}
    />
  );
}
