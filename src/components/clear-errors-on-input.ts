import type { FormEvent } from 'react';

/** The part of a Conform form this needs (FormMetadata from @conform-to/react). */
interface ConformForm {
  allErrors: Record<string, string[]>;
  update(options: { name: string; validated: boolean }): void;
}

/**
 * A form's `onInput`: a field's error clears as soon as that field is edited (shop-core.md
 * section 5, "errors clear per field on change"), and the field is checked again on the next
 * submit. Conform shows errors only for "validated" fields, so the edited field is marked as not
 * validated; its value is left alone.
 */
export function clearErrorsOnInput(form: ConformForm) {
  return (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as Partial<HTMLInputElement> | null;
    const name = typeof target?.name === 'string' ? target.name : '';
    if (name && form.allErrors[name]?.length) form.update({ name, validated: false });
  };
}
