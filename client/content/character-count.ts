/** What a screen reader hears as a field nears its length limit (components/CharacterCount.tsx). */
export function charactersLeftMessage(left: number): string {
  if (left === 0) return 'Character limit reached.';
  return left === 1 ? '1 character left.' : `${left} characters left.`;
}
