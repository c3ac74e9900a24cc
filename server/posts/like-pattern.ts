/** A text searched for with LIKE/ILIKE, its wildcards (and the escape itself) taken literally. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}
