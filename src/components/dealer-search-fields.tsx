import type { ComponentProps } from 'react';
import { RADIUS_CHOICES_MILES } from '../domain/distance';
import { fieldStyles } from './field';
import styles from './dealer-search-fields.module.css';

/** What the zip input may take besides what the fields set themselves (a ref, autofill, keys, error wiring). */
type ZipInputProps = Omit<ComponentProps<'input'>, 'id' | 'name' | 'className' | 'type' | 'inputMode' | 'maxLength' | 'value' | 'onChange'>;

export interface DealerSearchFieldsProps {
  /** The fields' ids are `${idPrefix}-zip` and `${idPrefix}-radius`. */
  idPrefix: string;
  zip: string;
  /** Miles; null shows the first choice. */
  radius: number | null;
  onZipChange: (zip: string) => void;
  onRadiusChange: (miles: number) => void;
  /**
   * Name the fields `zip` and `radius`: for a search that is a form of its own. Left out where the
   * search sits inside another form (the checkout's billing form must not submit them).
   */
  named?: boolean;
  zipProps?: ZipInputProps;
  /** 'dark' on a dark band (the dealer locator's search); 'light' (default) on the page background. */
  tone?: 'light' | 'dark';
}

/**
 * The zip and distance fields of a dealer search (catalogue-and-content.md section 2; decision
 * 029), shared by the dealer locator and the checkout's dealer step: a 5-digit zip and the
 * distances in miles. The button that searches, and the element that holds them, are the screen's.
 */
export function DealerSearchFields({ idPrefix, zip, radius, onZipChange, onRadiusChange, named, zipProps, tone = 'light' }: DealerSearchFieldsProps) {
  const dark = tone === 'dark';
  const label = dark ? `${fieldStyles.label} ${styles.darkLabel}` : fieldStyles.label;
  const control = dark ? `${fieldStyles.control} ${styles.darkControl}` : fieldStyles.control;
  const zipId = `${idPrefix}-zip`;
  const radiusId = `${idPrefix}-radius`;
  return (
    <>
      <div className={fieldStyles.field}>
        <label className={label} htmlFor={zipId}>
          Zip code
        </label>
        <input
          {...zipProps}
          id={zipId}
          className={control}
          name={named ? 'zip' : undefined}
          type="text"
          inputMode="numeric"
          maxLength={5}
          value={zip}
          onChange={(event) => onZipChange(event.target.value)}
        />
      </div>
      <div className={fieldStyles.field}>
        <label className={label} htmlFor={radiusId}>
          Distance
        </label>
        <select
          id={radiusId}
          className={control}
          name={named ? 'radius' : undefined}
          value={radius === null ? '' : String(radius)}
          onChange={(event) => onRadiusChange(Number(event.target.value))}
        >
          {RADIUS_CHOICES_MILES.map((miles) => (
            <option key={miles} value={String(miles)}>
              {miles} miles
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
