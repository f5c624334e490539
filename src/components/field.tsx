import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import { ErrorList } from './error-list';
import styles from './field.module.css';

/** The field styles, for a control that lays itself out as a field (one CSS module, one chunk). */
export { styles as fieldStyles };
export { ErrorList };

/**
 * Shared form fields (DESIGN.md section 5, Form): a label, the control, and the field's errors,
 * with `aria-invalid` and `aria-describedby` pointing at the error list. Props usually come from
 * Conform's getInputProps / getSelectProps; `errorId` is the field's `errorId`.
 */

interface FieldBase {
  label: string;
  errors?: string[];
  errorId: string;
  hint?: ReactNode;
  className?: string;
}

function describedBy(field: FieldBase, own: string | undefined) {
  const invalid = !!field.errors?.length;
  return { invalid, describedBy: [own, invalid ? field.errorId : undefined].filter(Boolean).join(' ') || undefined };
}

export function Field({
  label,
  errors,
  errorId,
  hint,
  className,
  inputProps,
}: FieldBase & { inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string } }) {
  const { invalid, describedBy: ids } = describedBy({ label, errors, errorId }, inputProps['aria-describedby']);
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={inputProps.id}>
        {label}
      </label>
      <input {...inputProps} className={styles.control} aria-invalid={invalid || undefined} aria-describedby={ids} />
      {hint ? <div className={styles.hint}>{hint}</div> : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

export function SelectField({
  label,
  errors,
  errorId,
  className,
  selectProps,
  options,
  placeholder,
}: FieldBase & {
  selectProps: SelectHTMLAttributes<HTMLSelectElement> & { id: string };
  options: readonly { value: string; label: string }[];
  placeholder?: string;
}) {
  const { invalid, describedBy: ids } = describedBy({ label, errors, errorId }, selectProps['aria-describedby']);
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={selectProps.id}>
        {label}
      </label>
      <select {...selectProps} className={styles.control} aria-invalid={invalid || undefined} aria-describedby={ids}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

export function CheckboxField({
  label,
  inputProps,
  className,
  hint,
}: {
  label: string;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string };
  className?: string;
  /** A line under the checkbox, announced with it (aria-describedby). */
  hint?: ReactNode;
}) {
  const hintId = `${inputProps.id}-hint`;
  const box = (
    <div className={[styles.checkbox, className].filter(Boolean).join(' ')}>
      <input
        {...inputProps}
        type="checkbox"
        aria-describedby={[inputProps['aria-describedby'], hint ? hintId : undefined].filter(Boolean).join(' ') || undefined}
      />
      <label htmlFor={inputProps.id}>{label}</label>
    </div>
  );
  if (!hint) return box;
  return (
    <div>
      {box}
      <div id={hintId} className={styles.checkboxHint}>
        {hint}
      </div>
    </div>
  );
}
