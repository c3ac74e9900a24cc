/**
 * The niche of SPEC.md section 2: the grouped dropdown, and the custom niche
 * text field shown when 'other' is chosen. Shared by the sign-up form and the
 * terms step of a first Google sign-in.
 */
import { CUSTOM_NICHE_MAX_LENGTH } from '../../../../common/constants.ts';
import { OTHER_NICHE } from '../../../../common/niches.ts';
import { FormField } from '../../../components/FormField.tsx';
import { NicheSelect } from './NicheSelect.tsx';

export interface NicheFieldsProps {
  ids: { niche: string; customNiche: string };
  niche: string;
  customNiche: string;
  errors: { niche?: string | undefined; customNiche?: string | undefined };
  onNicheChange: (niche: string) => void;
  onCustomNicheChange: (customNiche: string) => void;
}

export function NicheFields({ ids, niche, customNiche, errors, onNicheChange, onCustomNicheChange }: NicheFieldsProps) {
  return (
    <>
      <NicheSelect id={ids.niche} value={niche} error={errors.niche} onChange={(event) => onNicheChange(event.target.value)} />
      {niche === OTHER_NICHE && (
        <FormField
          id={ids.customNiche}
          label="Your niche"
          name="customNiche"
          maxLength={CUSTOM_NICHE_MAX_LENGTH}
          value={customNiche}
          error={errors.customNiche}
          onChange={(event) => onCustomNicheChange(event.target.value)}
        />
      )}
    </>
  );
}
