export interface DecisionRecord {
  number: string;
  file: string;
  title: string;
  status: string;
  amends: string[];
  amendedBy: string[];
  replacedBy: string[];
}
export function readDecisions(folder: string): DecisionRecord[];
export function missingBackLinks(decisions: DecisionRecord[]): string[];
export function renderIndex(decisions: DecisionRecord[]): string;
export const DECISIONS_FOLDER: string;
