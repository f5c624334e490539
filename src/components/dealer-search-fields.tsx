import type { ComponentProps } from 'react';
import { RADIUS_CHOICES_MILES } from '../domain/distance';
import { fieldStyles } from './field';
import styles from './dealer-search-fields.module.css';

/** What the zip input may take besides what the fields set themselves (a ref, autofill, keys, error wiring). */
type ZipInputProps = Omit<ComponentProps<'input'>, 'id' | 'name' | 'className' | 'type' | 'inputMode' | 'maxLength' | 'value' | 'onChange'>;

/**
 * The distance: a choice of miles, and with `anyDistance` (the dealer locator, issue 22 item 6)
 * also 'Any distance', the spec's empty radius that lists every dealer (section 4), as null.
 */
type RadiusProps =
  | { anyDistance?: false; radius: number | null; onRadiusChange: (miles: number) => void }
  | { anyDistance: true; radius: number | null; onRadiusChange: (miles: number | null) => void };

export type DealerSearchFieldsProps = RadiusProps & DealerSearchFieldsBase;

interface DealerSearchFieldsBase {
  /** The fields' ids are `${idPrefix}-zip` and `${idPrefix}-radius`. */
  idPrefix: string;
  zip: string;
  onZipChange: (zip: string) => void;
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
export function DealerSearchFields(props: DealerSearchFieldsProps) {
  const { idPrefix, zip, radius, onZipChange, named, zipProps, tone = 'light' } = props;
  const chooseRadius = (value: string) => {
    if (props.anyDistance) props.onRadiusChange(value === '' ? null : Number(value));
    else props.onRadiusChange(Number(value));
  };
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
          onChange={(event) => chooseRadius(event.target.value)}
        >
          {RADIUS_CHOICES_MILES.map((miles) => (
            <option key={miles} value={String(miles)}>
              {miles} miles
            </option>
          ))}
          {props.anyDistance ? <option value="">Any distance</option> : null}
        </select>
      </div>
    </>
  );
}
