/** Niche options of SPEC.md section 3, grouped as the sign-up dropdown shows them. */

export interface NicheOption {
  value: string;
  label: string;
}

export interface NicheGroup {
  category: string;
  options: readonly NicheOption[];
}

export const OTHER_NICHE = 'other';
/** The adult niche: a podcast feed of such a creator is marked explicit. */
export const EXPLICIT_NICHE = 'nsfw';

export const NICHE_GROUPS: readonly NicheGroup[] = [
  {
    category: 'Content Creator',
    options: [
      { value: 'asmr', label: 'ASMR' },
      { value: 'influencer', label: 'Influencer' },
      { value: 'modeling', label: 'Modeling' },
      { value: EXPLICIT_NICHE, label: 'NSFW / 18+ Content' },
      { value: 'vlogging', label: 'Vlogging' },
    ],
  },
  {
    category: 'Creative/Artist',
    options: [
      { value: 'art', label: 'Art & Illustration' },
      { value: 'comics', label: 'Comics' },
      { value: 'design', label: 'Design' },
      { value: 'fashion', label: 'Fashion' },
      { value: 'music', label: 'Music' },
      { value: 'photography', label: 'Photography' },
    ],
  },
  {
    category: 'Educator/Expert',
    options: [
      { value: 'education', label: 'Education & Tutoring' },
      { value: 'finance', label: 'Finance' },
      { value: 'language', label: 'Language Learning' },
      { value: 'legal', label: 'Legal' },
      { value: 'business', label: 'Business & Coaching' },
      { value: 'realestate', label: 'Real Estate' },
    ],
  },
  {
    category: 'Lifestyle & Hobbies',
    options: [
      { value: 'cooking', label: 'Cooking' },
      { value: 'fitness', label: 'Fitness' },
      { value: 'lifestyle', label: 'Lifestyle' },
      { value: 'parenting', label: 'Parenting' },
      { value: 'travel', label: 'Travel' },
    ],
  },
  {
    category: 'Performer/Personality',
    options: [
      { value: 'acting', label: 'Acting' },
      { value: 'comedy', label: 'Comedy' },
      { value: 'dating', label: 'Dating & Relationships' },
      { value: 'mindset', label: 'Mindset & Motivation' },
      { value: 'spirituality', label: 'Spirituality' },
    ],
  },
  {
    category: 'Tech & Innovation',
    options: [
      { value: 'crypto', label: 'Crypto' },
      { value: 'developer', label: 'Software Development' },
      { value: 'tech', label: 'Tech Reviews' },
      { value: 'gaming', label: 'Gaming' },
    ],
  },
  {
    category: 'Other',
    options: [{ value: OTHER_NICHE, label: 'Other, please specify' }],
  },
];

export const NICHE_VALUES: readonly string[] = NICHE_GROUPS.flatMap((group) =>
  group.options.map((option) => option.value),
);

export function isKnownNiche(value: string): boolean {
  return NICHE_VALUES.includes(value);
}
